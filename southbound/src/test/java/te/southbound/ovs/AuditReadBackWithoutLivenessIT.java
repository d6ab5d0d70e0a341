package te.southbound.ovs;

/** {@link AuditReadBackIT} with buckets that watch no port: those read back as ANY, and audits send nothing either. */
class AuditReadBackWithoutLivenessIT extends AuditReadBackIT {
    @Override
    boolean bucketLiveness() {
        return false;
    }
}
