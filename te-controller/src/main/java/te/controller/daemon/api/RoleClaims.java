package te.controller.daemon.api;

import java.util.Locale;
import te.southbound.RoleClaim;
import te.southbound.openflow.ControllerRole;

/** Reads a role claim as operators write it: {@code --openflow-role master --openflow-generation 6}, or the same in a REST body. */
public final class RoleClaims {
    private RoleClaims() {
    }

    /**
     * @param role       {@code equal}, {@code master} or {@code slave}, any case
     * @param generation the election's generation id, an unsigned 64-bit decimal; required for
     *                   master and slave, refused for equal; null when not given
     * @throws IllegalArgumentException naming the value and what was expected
     */
    public static RoleClaim parse(String role, String generation) {
        ControllerRole r = switch (role.strip().toLowerCase(Locale.ROOT)) {
            case "equal" -> ControllerRole.EQUAL;
            case "master" -> ControllerRole.MASTER;
            case "slave" -> ControllerRole.SLAVE;
            default -> throw new IllegalArgumentException("role '%s' is not one of equal, master, slave".formatted(role));
        };
        if (r == ControllerRole.EQUAL) {
            if (generation != null) {
                throw new IllegalArgumentException("role equal takes no generation id (got '%s'): switches ignore it".formatted(generation));
            }
            return RoleClaim.EQUAL;
        }
        if (generation == null) {
            throw new IllegalArgumentException(("role %s needs the generation id of the election that chose the master "
                    + "(a switch refuses claims older than the newest it has seen)").formatted(role.strip().toLowerCase(Locale.ROOT)));
        }
        try {
            return new RoleClaim(r, Long.parseUnsignedLong(generation.strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("generation id '%s' is not a whole number from 0 to 18446744073709551615".formatted(generation));
        }
    }
}
