package te.southbound;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a {@link DesiredState} into the flow and group entries of each switch.
 *
 * <p>Each tunnel (distinct hop list) with two or more hops gets an MPLS label. MPLS rather than
 * VLAN ids because a 20-bit label space holds a million tunnels, while 4,094 VLAN ids run out
 * before Cogentco's all-pairs paths do. At the ingress a commodity's SELECT group has one bucket
 * per used path (push MPLS, set label, output); its flow matches IPv4 to the destination prefix.
 * Transit hops match the label and output; the egress pops the label and outputs.
 */
final class StateCompiler {
    /** Ingress flows: 1000 + prefix length, so longer prefixes win, as in routing. */
    static final int INGRESS_PRIORITY_BASE = 1000;
    /** Tunnel flows match only MPLS, so their priority never competes with ingress flows. */
    static final int TUNNEL_PRIORITY = 2000;
    /** Labels 0–15 are reserved by RFC 3032. */
    static final int FIRST_LABEL = 16;
    static final int LABEL_LIMIT = 1 << 20;

    private final Ownership ownership;
    private final int weightTotal;

    StateCompiler(Ownership ownership, int weightTotal) {
        this.ownership = ownership;
        this.weightTotal = weightTotal;
    }

    /**
     * @param desired        the state to reach
     * @param available      switches that can be programmed now; paths through others are left out
     * @param ids            labels and group ids of the previous update and ids seen on switches
     */
    CompiledState compile(DesiredState desired, Set<Dpid> available, IdBook ids) {
        Map<Dpid, TablesBuilder> builders = new LinkedHashMap<>();
        available.stream().sorted().forEach(d -> builders.put(d, new TablesBuilder(ownership)));
        List<CommodityReport> reports = new ArrayList<>();
        Map<CommodityRoute, List<Bucketed>> chosen = new LinkedHashMap<>();
        Set<Tunnel> tunnels = new LinkedHashSet<>();
        for (CommodityRoute c : desired.commodities()) {
            List<Bucketed> buckets = choose(c, available, reports);
            if (!buckets.isEmpty()) {
                chosen.put(c, buckets);
                buckets.stream().map(Bucketed::tunnel).filter(t -> !t.singleHop()).forEach(tunnels::add);
            }
        }
        // Ids found on the switches count as previous ones: a restarted controller changes nothing
        // that is already right. What cannot be adopted is reserved and left alone until removed.
        Map<Tunnel, Integer> knownLabels = new HashMap<>(ids.labels());
        knownLabels.putAll(IdAdoption.labels(tunnels, ids.labels(), ids.observed()));
        Map<String, Integer> knownGroups = new HashMap<>(ids.groups());
        knownGroups.putAll(IdAdoption.groups(chosen.keySet(), ids.groups(), ids.observed()));
        Map<Tunnel, Integer> labels = StableIds.assign(tunnels, knownLabels, ids.reservedLabels(),
                FIRST_LABEL, LABEL_LIMIT, "MPLS labels");
        Map<String, Integer> groups = StableIds.assign(
                chosen.keySet().stream().map(CommodityRoute::id).toList(), knownGroups, ids.reservedGroups(),
                ownership.groupIdBase(), ownership.groupIdBase() + ownership.groupIdCount(), "group ids");
        for (Map.Entry<CommodityRoute, List<Bucketed>> e : chosen.entrySet()) {
            CommodityRoute c = e.getKey();
            builders.get(c.ingress()).addIngress(c.destination(), groups.get(c.id()), e.getValue(), labels);
        }
        for (Map.Entry<Tunnel, Integer> e : labels.entrySet()) {
            List<Hop> hops = e.getKey().hops();
            for (int i = 1; i < hops.size(); i++) {
                builders.get(hops.get(i).dpid()).addTunnelHop(e.getValue(), hops.get(i).outPort(), i == hops.size() - 1);
            }
        }
        Map<Dpid, SwitchTables> tables = new HashMap<>();
        builders.forEach((d, b) -> tables.put(d, b.build()));
        return new CompiledState(tables, labels, groups, reports);
    }

    /** A path that gets a bucket, with its weight. */
    record Bucketed(Tunnel tunnel, int weight) {
    }

    private List<Bucketed> choose(CommodityRoute c, Set<Dpid> available, List<CommodityReport> reports) {
        if (!available.contains(c.ingress())) {
            reports.add(new CommodityReport(c.id(), c.paths().size(), 0, List.of(), 0,
                    "ingress " + c.ingress() + " not connected; nothing installed"));
            return List.of();
        }
        List<WeightedPath> usable = new ArrayList<>();
        Set<Dpid> missing = new java.util.TreeSet<>();
        for (WeightedPath p : c.paths()) {
            List<Dpid> down = p.hops().stream().map(Hop::dpid).filter(d -> !available.contains(d)).toList();
            missing.addAll(down);
            if (down.isEmpty() && p.fraction() > 0) {
                usable.add(p);
            }
        }
        String note = missing.isEmpty() ? "" : "paths through unconnected switches " + missing + " left out";
        if (usable.isEmpty()) {
            reports.add(new CommodityReport(c.id(), c.paths().size(), 0, List.of(), 0,
                    (note.isEmpty() ? "" : note + "; ") + "no path with a positive fraction; nothing installed"));
            return List.of();
        }
        RoundedWeights rounded = WeightRounding.round(usable.stream().map(WeightedPath::fraction).toList(), weightTotal);
        List<Bucketed> result = new ArrayList<>();
        for (int i = 0; i < usable.size(); i++) {
            // A weight rounded to 0 would never be selected; leaving the bucket out saves its label.
            if (rounded.weights().get(i) > 0) {
                result.add(new Bucketed(usable.get(i).tunnel(), rounded.weights().get(i)));
            }
        }
        reports.add(new CommodityReport(c.id(), c.paths().size(), result.size(),
                result.stream().map(Bucketed::weight).toList(), rounded.maxError(), note));
        return result;
    }
}
