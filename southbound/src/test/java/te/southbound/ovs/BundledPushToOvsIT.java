package te.southbound.ovs;

/** {@link PushToOvsIT} with each phase sent as one bundle: Open vSwitch must end in exactly the same state. */
class BundledPushToOvsIT extends PushToOvsIT {
    @Override
    boolean bundles() {
        return true;
    }
}
