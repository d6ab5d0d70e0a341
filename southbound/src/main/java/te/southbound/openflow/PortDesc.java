package te.southbound.openflow;

import java.util.Objects;

/**
 * One port as a switch describes it ({@code ofp_port}, §7.2.1): in OFPT_PORT_STATUS and in
 * OFPMP_PORT_DESC replies. The feature bitmaps (curr, advertised, supported, peer) are not kept.
 *
 * @param portNo     OpenFlow port number
 * @param hwAddr     Ethernet address, in the low 48 bits
 * @param name       interface name (at most 15 ASCII characters on the wire)
 * @param config     OFPPC_* bits set by the controller or an administrator
 * @param state      OFPPS_* bits the switch observes
 * @param currSpeed  current bit rate, kbit/s
 * @param maxSpeed   maximum bit rate, kbit/s
 */
public record PortDesc(int portNo, long hwAddr, String name, int config, int state, int currSpeed, int maxSpeed) {
    /** OFPPC_PORT_DOWN: administratively down. */
    public static final int CONFIG_PORT_DOWN = 1;
    /** OFPPS_LINK_DOWN: no physical link present. */
    public static final int STATE_LINK_DOWN = 1;
    /** Bytes of {@code ofp_port} on the wire. */
    static final int LENGTH = 64;
    static final int NAME_LENGTH = 16;

    public PortDesc {
        Objects.requireNonNull(name, "name");
    }

    /** @return whether the port can carry traffic: neither administratively down nor without link */
    public boolean up() {
        return (config & CONFIG_PORT_DOWN) == 0 && (state & STATE_LINK_DOWN) == 0;
    }
}
