package te.southbound.openflow;

/** {@code ofp_flow_mod_command}; the ordinal is the wire value. */
public enum FlowCommand {
    ADD, MODIFY, MODIFY_STRICT, DELETE, DELETE_STRICT
}
