package te.controller.daemon;

/** What the daemon shows of its switches ({@code GET /v1/switches}, metrics); implemented by the OpenFlow publisher. */
public interface SwitchesView {
    /** @return the connected switches and the last push, as JSON-ready maps and lists; called per request */
    Object render();

    /** @return switches connected now whose datapath id is in the wiring */
    int connected();

    /** @return of those, the switches this controller programs (it holds the EQUAL or MASTER role there) */
    int programmed();

    /** @return the newest allocation version confirmed without error on every switch it needs, none missing (0: none yet) */
    long confirmedVersion();

    /** @return arcs kept down now because their ports flap, though the ports may be up */
    int dampedLinks();

    /**
     * Lifts the flap damping of arc {@code arc} and of its reverse; they come back once their ports
     * have been up for the hold-down.
     *
     * @return the links ({@code src->dst}) that were kept down for flapping
     * @throws IllegalStateException when it could not be done now
     */
    java.util.List<String> clearDamping(int arc);

    /**
     * Asks every switch for {@code claim}'s role from now on (failover between a primary and a
     * standby controller) and waits for their answers.
     *
     * @return whether every connected switch granted it, and per switch the role it gave and why
     *         it is not programmed if it is not, as JSON-ready maps
     */
    RoleOutcome requestRole(te.southbound.RoleClaim claim);

    /** @return the role claim in force */
    te.southbound.RoleClaim role();

    /**
     * @param granted whether every connected switch gave the role asked for
     * @param body    the answers, JSON-ready
     */
    record RoleOutcome(boolean granted, Object body) {
    }
}
