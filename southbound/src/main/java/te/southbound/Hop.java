package te.southbound;

import java.util.Objects;

/**
 * One switch on a path and the port the path leaves it by. At the last hop, the port leads to
 * the destination's hosts (or the next domain).
 *
 * @param dpid    the switch
 * @param outPort OpenFlow port number, 1..0xfffffeff: numbers from 0xffffff00 (OFPP_MAX) up are
 *                reserved, and Open vSwitch refuses an output to OFPP_MAX itself as BAD_OUT_PORT, so a
 *                group naming it would be refused on every push and audit
 */
public record Hop(Dpid dpid, int outPort) {
    /** The highest port number a path may leave a switch by: one below OFPP_MAX (0xffffff00). */
    public static final int LAST_PORT = 0xfffffeff;

    public Hop {
        Objects.requireNonNull(dpid, "dpid");
        if (outPort == 0 || Integer.compareUnsigned(outPort, LAST_PORT) > 0) {
            throw new IllegalArgumentException(("hop at %s: outPort must be a switch port 1..0xfffffeff"
                    + " (0xffffff00 and up are reserved), got %s").formatted(dpid, Integer.toUnsignedString(outPort)));
        }
    }
}
