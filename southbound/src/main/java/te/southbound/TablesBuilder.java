package te.southbound;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import te.southbound.openflow.Action;
import te.southbound.openflow.Bucket;
import te.southbound.openflow.GroupType;
import te.southbound.openflow.Instruction;
import te.southbound.openflow.Match;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OxmField;

/** Collects the entries of one switch while a state is compiled. */
final class TablesBuilder {
    static final int ETH_MPLS = 0x8847;

    private final Ownership ownership;
    private final boolean watchFirstPorts;
    private final LinkedHashMap<FlowEntry.Key, FlowEntry> flows = new LinkedHashMap<>();
    private final LinkedHashMap<Integer, GroupEntry> groups = new LinkedHashMap<>();

    /** @param watchFirstPorts whether each SELECT bucket watches its first port (see {@link #ingressGroup}) */
    TablesBuilder(Ownership ownership, boolean watchFirstPorts) {
        this.ownership = ownership;
        this.watchFirstPorts = watchFirstPorts;
    }

    void addIngress(IpPrefix destination, int groupId, List<StateCompiler.Bucketed> paths,
                    Map<Tunnel, Integer> labels) {
        groups.put(groupId, ingressGroup(groupId, paths, labels, watchFirstPorts));
        put(ingressFlow(ownership, destination, groupId));
    }

    void addTunnelHop(int label, int outPort, boolean egress, IpVersion version) {
        put(tunnelEntry(ownership, label, outPort, egress, version));
    }

    /**
     * @param watchFirstPorts whether each bucket watches the port it sends out of: a switch that
     *                        honours liveness in SELECT groups (OFPGFC_SELECT_LIVENESS) then hashes
     *                        that path's share onto the commodity's other paths the moment the port
     *                        goes down, instead of sending it into a dead link until the
     *                        controller's next push
     * @return a commodity's SELECT group: a bucket per path, pushing the path's label unless it is one hop
     */
    static GroupEntry ingressGroup(int groupId, List<StateCompiler.Bucketed> paths, Map<Tunnel, Integer> labels,
                                   boolean watchFirstPorts) {
        List<Bucket> buckets = new ArrayList<>();
        for (StateCompiler.Bucketed p : paths) {
            int firstPort = p.tunnel().hops().get(0).outPort();
            List<Action> actions = p.tunnel().singleHop()
                    ? List.of(new Action.Output(firstPort))
                    : List.of(new Action.PushMpls(ETH_MPLS),
                              new Action.SetField(new OxmField.MplsLabel(labels.get(p.tunnel()))),
                              new Action.Output(firstPort));
            buckets.add(new Bucket(p.weight(), watchFirstPorts ? firstPort : OfConstants.OFPP_ANY, OfConstants.OFPG_ANY, actions));
        }
        return new GroupEntry(groupId, GroupType.SELECT, buckets);
    }

    /** @return the ingress flow sending a destination's traffic to its group */
    static FlowEntry ingressFlow(Ownership ownership, IpPrefix destination, int groupId) {
        return new FlowEntry(ownership.ingressCookie(groupId), ingressPriority(destination),
                ingressMatch(destination),
                List.of(new Instruction.ApplyActions(List.of(new Action.Group(groupId)))));
    }

    /** @return a tunnel's label entry at one of its switches after the first */
    static FlowEntry tunnelEntry(Ownership ownership, int label, int outPort, boolean egress, IpVersion version) {
        return new FlowEntry(ownership.tunnelCookie(label), StateCompiler.TUNNEL_PRIORITY,
                tunnelMatch(label), tunnelInstructions(outPort, egress, version));
    }

    /** @return the key of a destination's ingress flow */
    static FlowEntry.Key ingressKey(IpPrefix destination) {
        return new FlowEntry.Key(ingressPriority(destination), ingressMatch(destination));
    }

    /** @return the key of a tunnel's label entry at any of its switches */
    static FlowEntry.Key tunnelKey(int label) {
        return new FlowEntry.Key(StateCompiler.TUNNEL_PRIORITY, tunnelMatch(label));
    }

    static int ingressPriority(IpPrefix destination) {
        return StateCompiler.INGRESS_PRIORITY_BASE + destination.length();
    }

    static Match ingressMatch(IpPrefix destination) {
        OxmField ethType = new OxmField.EthType(destination.version().ethType());
        if (destination.length() == 0) {
            return Match.of(ethType); // a switch reports a zero mask as no field at all
        }
        return destination instanceof Ipv4Prefix v4
                ? Match.of(ethType, new OxmField.Ipv4Dst(v4.address(), v4.mask()))
                : Match.of(ethType, ipv6Dst((Ipv6Prefix) destination));
    }

    private static OxmField.Ipv6Dst ipv6Dst(Ipv6Prefix p) {
        return new OxmField.Ipv6Dst(p.high(), p.low(), p.maskHigh(), p.maskLow());
    }

    /**
     * @param seen what switch {@code t.hops()[i]} was read or last written to hold, or null when unknown
     * @return whether it holds the label entry tunnel {@code t} needs there under {@code label}
     */
    static boolean holdsHop(SwitchTables seen, Tunnel t, int i, int label) {
        FlowEntry e = seen == null ? null : seen.flows().get(tunnelKey(label));
        return e != null && e.instructions().equals(tunnelInstructions(t.hops().get(i).outPort(), i == t.hops().size() - 1, t.version()));
    }

    static Match tunnelMatch(int label) {
        return Match.of(new OxmField.EthType(ETH_MPLS), new OxmField.MplsLabel(label));
    }

    static List<Instruction> tunnelInstructions(int outPort, boolean egress, IpVersion version) {
        List<Action> actions = egress
                ? List.of(new Action.PopMpls(version.ethType()), new Action.Output(outPort))
                : List.of(new Action.Output(outPort));
        return List.of(new Instruction.ApplyActions(actions));
    }

    private void put(FlowEntry e) {
        // Two commodities with the same ingress and prefix are rejected by DesiredState, and a
        // label is one tunnel, so a key can only repeat with identical content.
        flows.put(e.key(), e);
    }

    SwitchTables build() {
        return SwitchTables.handOver(flows, groups);
    }
}
