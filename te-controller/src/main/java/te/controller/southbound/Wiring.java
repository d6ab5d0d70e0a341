package te.controller.southbound;

import java.util.List;
import te.southbound.Dpid;
import te.southbound.IpPrefix;

/** How topology nodes and arcs appear on the switches: datapath ids, ports and host prefixes. */
public interface Wiring {
    /** @return the datapath id of node {@code node} */
    Dpid dpid(int node);

    /** @return the OpenFlow port on arc {@code arc}'s tail switch that leads to its head */
    int outPort(int arc);

    /** @return the port of node {@code node}'s switch where its hosts are */
    int hostPort(int node);

    /**
     * @return the prefixes of node {@code node}'s hosts, IPv4 and IPv6, at least one: each commodity
     *         towards the node is installed once per prefix (one SELECT group each, same split), and
     *         the first prefix's install keeps the commodity's plain id, so adding a prefix later
     *         leaves the existing groups as they are
     */
    List<IpPrefix> prefixes(int node);

    /**
     * @return the common name (CN) the TLS certificate of node {@code node}'s switch must have, or
     *         empty when the wiring binds no names (any trusted certificate may claim any dpid)
     */
    default java.util.Optional<String> certificateName(int node) {
        return java.util.Optional.empty();
    }
}
