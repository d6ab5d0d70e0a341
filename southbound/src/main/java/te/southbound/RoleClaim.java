package te.southbound;

import java.util.Objects;
import te.southbound.openflow.ControllerRole;

/**
 * The role this controller asks every switch for (OpenFlow 1.3 §6.3.7). With several controllers
 * on the same switches, the one that should program them claims MASTER and the others SLAVE,
 * all with the generation id of the election that chose the master: a switch refuses a claim
 * older than the newest it has seen, so a controller that lost an election cannot take a switch
 * back. Generation ids come from whatever elects the master (a lease revision, a term a
 * failover script increments); this controller never invents one.
 *
 * @param role         EQUAL (the default: no claim sent, shared access), MASTER or SLAVE
 * @param generationId the election's generation id; ignored for EQUAL
 */
public record RoleClaim(ControllerRole role, long generationId) {
    /** No claim: every connection keeps the EQUAL role a switch starts it with. */
    public static final RoleClaim EQUAL = new RoleClaim(ControllerRole.EQUAL, 0);

    public RoleClaim {
        Objects.requireNonNull(role, "role");
        if (role == ControllerRole.NOCHANGE) {
            throw new IllegalArgumentException("a claim is EQUAL, MASTER or SLAVE, got NOCHANGE");
        }
    }

    /** @return whether a switch granting this claim lets this controller modify its tables */
    public boolean programs() {
        return role != ControllerRole.SLAVE;
    }

    @Override
    public String toString() {
        return role == ControllerRole.EQUAL ? "EQUAL" : role + " (generation " + Long.toUnsignedString(generationId) + ")";
    }
}
