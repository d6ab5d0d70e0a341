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
    private final PathChooser chooser;

    StateCompiler(Ownership ownership, int weightTotal) {
        this.ownership = ownership;
        this.chooser = new PathChooser(weightTotal);
    }

    /**
     * @param desired   the state to reach
     * @param connected switches that can be programmed now (tables are made for these only)
     * @param ids       what earlier runs left: labels, group ids, installed splits, last-seen tables
     */
    CompiledState compile(DesiredState desired, Set<Dpid> connected, IdBook ids) {
        Map<Dpid, TablesBuilder> builders = new LinkedHashMap<>();
        connected.stream().sorted().forEach(d -> builders.put(d, new TablesBuilder(ownership)));
        List<CommodityReport> reports = new ArrayList<>();
        Map<String, List<Bucketed>> chosen = new LinkedHashMap<>();
        List<CommodityRoute> buildable = new ArrayList<>();
        for (CommodityRoute c : desired.commodities()) {
            List<Bucketed> buckets = connected.contains(c.ingress())
                    ? chooser.choose(c, connected, ids, reports)
                    : PathChooser.frozen(c.id(), c.ingress(), c.paths().size(), ids, reports);
            if (!buckets.isEmpty()) {
                chosen.put(c.id(), buckets);
                if (connected.contains(c.ingress())) {
                    buildable.add(c);
                }
            }
        }
        // A commodity dropped from the state while its ingress is unreachable still forwards there.
        ids.installed().forEach((id, buckets) -> {
            Dpid ingress = buckets.get(0).tunnel().hops().get(0).dpid();
            if (!chosen.containsKey(id) && !connected.contains(ingress)) {
                chosen.put(id, buckets);
            }
        });
        Set<Tunnel> tunnels = new LinkedHashSet<>();
        chosen.values().forEach(bs -> bs.stream().map(Bucketed::tunnel).filter(t -> !t.singleHop()).forEach(tunnels::add));
        // Ids found on the switches count as previous ones: a restarted controller changes nothing
        // that is already right. What cannot be adopted is reserved and left alone until removed.
        Map<Tunnel, Integer> knownLabels = new HashMap<>(ids.labels());
        knownLabels.putAll(IdAdoption.labels(tunnels, ids.labels(), ids.observed()));
        Map<String, Integer> knownGroups = new HashMap<>(ids.groups());
        knownGroups.putAll(IdAdoption.groups(buildable, ids.groups(), ids.observed()));
        Map<Tunnel, Integer> labels = StableIds.assign(tunnels, knownLabels, ids.reservedLabels(),
                FIRST_LABEL, LABEL_LIMIT, "MPLS labels");
        Map<String, Integer> groups = StableIds.assign(chosen.keySet(), knownGroups, ids.reservedGroups(),
                ownership.groupIdBase(), ownership.groupIdBase() + ownership.groupIdCount(), "group ids");
        for (CommodityRoute c : buildable) {
            builders.get(c.ingress()).addIngress(c.destination(), groups.get(c.id()), chosen.get(c.id()), labels);
        }
        for (Map.Entry<Tunnel, Integer> e : labels.entrySet()) {
            List<Hop> hops = e.getKey().hops();
            for (int i = 1; i < hops.size(); i++) {
                TablesBuilder b = builders.get(hops.get(i).dpid()); // null: unreachable, left as it is
                if (b != null) {
                    b.addTunnelHop(e.getValue(), hops.get(i).outPort(), i == hops.size() - 1);
                }
            }
        }
        Map<Dpid, SwitchTables> tables = new HashMap<>();
        builders.forEach((d, b) -> tables.put(d, b.build()));
        return new CompiledState(tables, labels, groups, chosen, reports);
    }

    /** A path that gets a bucket, with its weight. */
    record Bucketed(Tunnel tunnel, int weight) {
    }
}
