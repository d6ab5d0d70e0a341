package te.southbound;

import java.util.Objects;

/**
 * One switch on a path and the port the path leaves it by. At the last hop, the port leads to
 * the destination's hosts (or the next domain).
 *
 * @param dpid    the switch
 * @param outPort OpenFlow port number, 1..0xffffff00
 */
public record Hop(Dpid dpid, int outPort) {
    public Hop {
        Objects.requireNonNull(dpid, "dpid");
        if (outPort == 0 || Integer.compareUnsigned(outPort, 0xffffff00) > 0) {
            throw new IllegalArgumentException("hop at %s: outPort must be 1..0xffffff00, got %d"
                    .formatted(dpid, outPort));
        }
    }
}
