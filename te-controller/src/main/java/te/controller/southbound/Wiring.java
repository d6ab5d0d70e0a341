package te.controller.southbound;

import te.southbound.Dpid;
import te.southbound.Ipv4Prefix;

/** How topology nodes and arcs appear on the switches: datapath ids, ports and host prefixes. */
public interface Wiring {
    /** @return the datapath id of node {@code node} */
    Dpid dpid(int node);

    /** @return the OpenFlow port on arc {@code arc}'s tail switch that leads to its head */
    int outPort(int arc);

    /** @return the port of node {@code node}'s switch where its hosts are */
    int hostPort(int node);

    /** @return the IPv4 prefix of node {@code node}'s hosts (what commodities towards it match) */
    Ipv4Prefix prefix(int node);

    /**
     * @return the common name (CN) the TLS certificate of node {@code node}'s switch must have, or
     *         empty when the wiring binds no names (any trusted certificate may claim any dpid)
     */
    default java.util.Optional<String> certificateName(int node) {
        return java.util.Optional.empty();
    }
}
