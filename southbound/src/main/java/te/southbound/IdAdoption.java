package te.southbound;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import te.southbound.openflow.Action;
import te.southbound.openflow.Bucket;
import te.southbound.openflow.Instruction;
import te.southbound.openflow.OxmField;

/**
 * Recovers ids a previous controller run left on the switches, so a restarted controller pushing
 * the same state changes nothing. A label is adopted for a tunnel only if the switches already
 * carry it exactly along that tunnel: every ingress bucket that sets it leaves the tunnel's first
 * switch by the tunnel's first port, and every later hop has the entry the tunnel needs. Traffic
 * with that label therefore already follows the tunnel, so adopting it moves nothing. A group id
 * is adopted when the commodity's own ingress flow (same switch, prefix and priority) points at it.
 */
final class IdAdoption {
    private IdAdoption() {
    }

    /** @return labels found for tunnels that have none in {@code previous} */
    static Map<Tunnel, Integer> labels(Collection<Tunnel> tunnels, Map<Tunnel, Integer> previous,
                                       Map<Dpid, SwitchTables> observed) {
        List<Tunnel> unlabelled = tunnels.stream().filter(t -> !t.singleHop() && !previous.containsKey(t)).toList();
        if (unlabelled.isEmpty()) {
            return Map.of(); // the usual update: no need to scan every switch's groups
        }
        Map<Integer, Set<Hop>> starts = new HashMap<>(); // label → (switch, first port) of buckets setting it
        for (Map.Entry<Dpid, SwitchTables> sw : observed.entrySet()) {
            for (GroupEntry g : sw.getValue().groups().values()) {
                for (Bucket b : g.buckets()) {
                    LabelledBucket lb = LabelledBucket.of(b);
                    if (lb != null) {
                        starts.computeIfAbsent(lb.label(), k -> new HashSet<>()).add(new Hop(sw.getKey(), lb.port()));
                    }
                }
            }
        }
        Map<Hop, List<Integer>> byStart = new HashMap<>();
        starts.forEach((label, hops) -> {
            if (hops.size() == 1) {
                byStart.computeIfAbsent(hops.iterator().next(), k -> new ArrayList<>()).add(label);
            }
        });
        Set<Integer> taken = new HashSet<>(previous.values());
        Map<Tunnel, Integer> adopted = new LinkedHashMap<>();
        for (Tunnel t : unlabelled) {
            for (int label : byStart.getOrDefault(t.hops().get(0), List.of())) {
                if (!taken.contains(label) && carries(t, label, observed)) {
                    adopted.put(t, label);
                    taken.add(label);
                    break;
                }
            }
        }
        return adopted;
    }

    private static boolean carries(Tunnel t, int label, Map<Dpid, SwitchTables> observed) {
        return carries(t, label, observed, Set.of());
    }

    /**
     * @param unknown switches whose tables are not known: their hops are not checked
     * @return whether every switch of the tunnel after the first, but the unknown ones, holds its
     *         entry under {@code label}
     */
    static boolean carries(Tunnel t, int label, Map<Dpid, SwitchTables> observed, Set<Dpid> unknown) {
        for (int i = 1; i < t.hops().size(); i++) {
            Dpid d = t.hops().get(i).dpid();
            if (!unknown.contains(d) && !TablesBuilder.holdsHop(observed.get(d), t, i, label)) {
                return false;
            }
        }
        return true;
    }

    /** @return group ids found for commodities that have none in {@code previous} */
    static Map<String, Integer> groups(Collection<CommodityRoute> commodities, Map<String, Integer> previous,
                                       Map<Dpid, SwitchTables> observed) {
        Set<Integer> taken = new HashSet<>(previous.values());
        Map<String, Integer> adopted = new LinkedHashMap<>();
        for (CommodityRoute c : commodities) {
            SwitchTables tables = observed.get(c.ingress());
            if (previous.containsKey(c.id()) || tables == null) {
                continue;
            }
            Integer id = ingressGroupId(c, tables);
            if (id != null && !taken.contains(id)) {
                adopted.put(c.id(), id);
                taken.add(id);
            }
        }
        return adopted;
    }

    /**
     * @param tables what the commodity's ingress switch holds
     * @return the id of the group the commodity's own ingress flow points at, if the switch holds
     *         both; else null
     */
    static Integer ingressGroupId(CommodityRoute c, SwitchTables tables) {
        FlowEntry flow = tables.flows().get(TablesBuilder.ingressKey(c.destination()));
        if (flow != null && flow.instructions().size() == 1
                && flow.instructions().get(0) instanceof Instruction.ApplyActions apply
                && apply.actions().size() == 1 && apply.actions().get(0) instanceof Action.Group g
                && tables.groups().containsKey(g.groupId())) {
            return g.groupId();
        }
        return null;
    }

    /**
     * A tunnel's start as an ingress bucket writes it ({@link TablesBuilder#ingressGroup}).
     *
     * @param label the MPLS label the bucket pushes
     * @param port  the port it sends the packet out of
     */
    record LabelledBucket(int label, int port) {
        /** @return the bucket's label and port, or null if it is not a tunnel's bucket */
        static LabelledBucket of(Bucket b) {
            List<Action> a = b.actions();
            return a.size() == 3 && a.get(1) instanceof Action.SetField set && set.field() instanceof OxmField.MplsLabel label
                    && a.get(2) instanceof Action.Output out ? new LabelledBucket(label.label(), out.port()) : null;
        }
    }
}
