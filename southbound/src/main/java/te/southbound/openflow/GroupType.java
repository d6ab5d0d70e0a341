package te.southbound.openflow;

/** {@code ofp_group_type}; the ordinal is the wire value. */
public enum GroupType {
    ALL, SELECT, INDIRECT, FAST_FAILOVER
}
