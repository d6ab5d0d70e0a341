package te.southbound;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import te.southbound.IdAdoption.LabelledBucket;

/**
 * What a switch not seen since this controller started is assumed to hold. A restarted controller
 * has no copy of such a switch's tables, so without one every path through it would be left out
 * and a commodity routed only through it would lose its ingress entries: traffic that was flowing
 * would be dropped until the switch connects. But the commodity's ingress group shows what the
 * previous controller built: a bucket that sends label L out of the port where exactly one of the
 * commodity's tunnels starts, every seen switch after it carrying L along that tunnel, and L fitting
 * no other tunnel of the commodity. The unseen switches on that tunnel are then assumed to carry L
 * too, as a switch that disconnected is assumed to forward as last seen ({@link PathChooser}). A
 * tunnel the ingress does not show that way gets nothing, and a switch's real tables replace the
 * assumption once it is read.
 */
final class UnseenSwitches {
    private UnseenSwitches() {
    }

    /**
     * @param unseen   switches of the state not read since the start
     * @param observed the tables of every switch read since the start
     * @param labels   the labels of the last completed update (a tunnel that has one keeps it)
     * @return per unseen switch that some ingress shows tunnels through, the label entries those
     *         tunnels need there, and the tunnels' labels
     */
    static Assumption assumed(DesiredState state, Set<Dpid> unseen, Map<Dpid, SwitchTables> observed,
                              Map<Tunnel, Integer> labels, Ownership ownership) {
        Map<Dpid, Map<FlowEntry.Key, FlowEntry>> flows = new LinkedHashMap<>();
        Map<Integer, Tunnel> assigned = new HashMap<>();
        labels.forEach((t, label) -> assigned.put(label, t));
        Map<Tunnel, Integer> found = new LinkedHashMap<>();
        for (CommodityRoute c : state.commodities()) {
            SwitchTables ingress = observed.get(c.ingress());
            Integer groupId = ingress == null || !crossesAny(c, unseen) ? null : IdAdoption.ingressGroupId(c, ingress);
            if (groupId == null) {
                continue;
            }
            List<LabelledBucket> buckets = ingress.groups().get(groupId).buckets().stream()
                    .map(LabelledBucket::of).filter(Objects::nonNull).toList();
            // Each tunnel of the commodity with the labels that could be its own; a label that fits
            // two of them is neither's.
            Map<Tunnel, List<Integer>> fits = new LinkedHashMap<>();
            Map<Integer, Integer> fitted = new HashMap<>();
            for (WeightedPath p : c.paths()) {
                Tunnel t = p.tunnel(c.destination().version());
                if (t.singleHop() || fits.containsKey(t)) {
                    continue;
                }
                List<Integer> candidates = buckets.stream().filter(b -> b.port() == t.hops().get(0).outPort())
                        .map(LabelledBucket::label).distinct().filter(label -> IdAdoption.carries(t, label, observed, unseen)).toList();
                fits.put(t, candidates);
                candidates.forEach(label -> fitted.merge(label, 1, Integer::sum));
            }
            fits.forEach((t, candidates) -> {
                if (!crosses(t.hops(), unseen)) {
                    return;
                }
                Integer previous = labels.get(t);
                int label;
                if (previous != null) {
                    if (!candidates.contains(previous)) {
                        return;
                    }
                    label = previous;
                } else {
                    if (candidates.size() != 1 || fitted.get(candidates.get(0)) != 1) {
                        return;
                    }
                    label = candidates.get(0);
                    // Tunnels are shared by commodities with the same path; a label is one tunnel.
                    Tunnel owner = assigned.putIfAbsent(label, t);
                    if (owner != null && !owner.equals(t)) {
                        return;
                    }
                    found.put(t, label);
                }
                for (int i = 1; i < t.hops().size(); i++) {
                    Hop h = t.hops().get(i);
                    if (unseen.contains(h.dpid())) {
                        FlowEntry e = TablesBuilder.tunnelEntry(ownership, label, h.outPort(), i == t.hops().size() - 1, t.version());
                        flows.computeIfAbsent(h.dpid(), d -> new LinkedHashMap<>()).put(e.key(), e);
                    }
                }
            });
        }
        Map<Dpid, SwitchTables> tables = new LinkedHashMap<>();
        flows.forEach((d, f) -> tables.put(d, new SwitchTables(f, Map.of())));
        return new Assumption(tables, found);
    }

    /**
     * @param tables per unseen switch, the label entries it is taken to hold
     * @param labels labels found for tunnels that had none
     */
    record Assumption(Map<Dpid, SwitchTables> tables, Map<Tunnel, Integer> labels) {
    }

    private static boolean crossesAny(CommodityRoute c, Set<Dpid> unseen) {
        return c.paths().stream().anyMatch(p -> crosses(p.hops(), unseen));
    }

    /** @return whether a switch of {@code hops} after the first is unseen */
    private static boolean crosses(List<Hop> hops, Set<Dpid> unseen) {
        for (int i = 1; i < hops.size(); i++) {
            if (unseen.contains(hops.get(i).dpid())) {
                return true;
            }
        }
        return false;
    }
}
