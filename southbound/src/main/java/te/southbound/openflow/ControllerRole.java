package te.southbound.openflow;

/**
 * A controller's role at a switch (OpenFlow 1.3 §6.3.7, {@code ofp_controller_role}; the ordinal
 * is the wire value). Several controllers may connect to one switch: EQUAL ones all have full
 * access; a MASTER has it alone, the switch turning every other master into a SLAVE; a SLAVE may
 * read but not modify, its writes refused with BAD_REQUEST/IS_SLAVE.
 */
public enum ControllerRole {
    /** Asks for the current role without changing it. */
    NOCHANGE,
    /** Full access, shared with other EQUAL controllers (a connection's role until it asks). */
    EQUAL,
    /** Full access; the switch makes every other master a slave. */
    MASTER,
    /** Read-only access. */
    SLAVE
}
