package te.southbound.openflow;

/** {@code ofp_group_mod_command}; the ordinal is the wire value. */
public enum GroupCommand {
    ADD, MODIFY, DELETE
}
