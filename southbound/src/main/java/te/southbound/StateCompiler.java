package te.southbound;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Turns a {@link DesiredState} into the flow and group entries of each switch.
 *
 * <p>Each tunnel (distinct hop list) with two or more hops gets an MPLS label. MPLS rather than
 * VLAN ids because a 20-bit label space holds a million tunnels, while 4,094 VLAN ids run out
 * before Cogentco's all-pairs paths do. At the ingress a commodity's SELECT group has one bucket
 * per used path (push MPLS, set label, output); its flow matches IPv4 or IPv6 traffic to the
 * destination prefix. Transit hops match the label and output; the egress pops the label, naming
 * the payload's Ethernet type, and outputs, so a tunnel carries one IP version.
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
    private final boolean watchFirstPorts;
    private final PathChooser chooser;
    /** The previous compile, whose results the next one reuses where its inputs are unchanged. */
    private Base last;

    /** A compiler whose SELECT buckets watch their first ports. */
    StateCompiler(Ownership ownership, int weightTotal) {
        this(ownership, weightTotal, true);
    }

    /** @param watchFirstPorts whether each SELECT bucket watches the port it sends out of ({@link TablesBuilder#ingressGroup}) */
    StateCompiler(Ownership ownership, int weightTotal, boolean watchFirstPorts) {
        this.ownership = ownership;
        this.watchFirstPorts = watchFirstPorts;
        this.chooser = new PathChooser(weightTotal);
    }

    /**
     * Compiles a state. The result is always what compiling from scratch would give; when the
     * connected switches are those of the previous call, it is made by patching the previous
     * result where commodities, ids or labels changed (after a link failure, a few percent of a
     * large state), and each table comes with its {@link TableDelta}.
     *
     * @param desired   the state to reach
     * @param connected switches that can be programmed now (tables are made for these only)
     * @param ids       what earlier runs left: labels, group ids, installed splits, last-seen tables
     */
    CompiledState compile(DesiredState desired, Set<Dpid> connected, IdBook ids) {
        Base base = last != null && last.connected().equals(connected) ? last : null;
        List<CommodityReport> reports = new ArrayList<>();
        Map<String, List<Bucketed>> chosen = new LinkedHashMap<>();
        List<CommodityRoute> buildable = new ArrayList<>();
        Map<String, Choice> pure = new HashMap<>();
        for (CommodityRoute c : desired.commodities()) {
            Choice prior = base == null ? null : base.pure().get(c.id());
            List<Bucketed> buckets;
            if (prior != null && prior.route().equals(c)) {
                buckets = prior.buckets();
                reports.add(prior.report());
                pure.put(c.id(), prior);
            } else if (connected.contains(c.ingress())) {
                buckets = chooser.choose(c, connected, ids, reports);
                if (everyHopConnected(c, connected)) {
                    pure.put(c.id(), new Choice(c, buckets, reports.get(reports.size() - 1)));
                }
            } else {
                buckets = PathChooser.frozen(c.id(), c.ingress(), c.paths().size(), ids, reports);
            }
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
        Map<Tunnel, Integer> labels = StableIds.assign(tunnels,
                withAdopted(ids.labels(), IdAdoption.labels(tunnels, ids.labels(), ids.observed())),
                ids.reservedLabels(), FIRST_LABEL, LABEL_LIMIT, "MPLS labels");
        Map<String, Integer> groups = StableIds.assign(chosen.keySet(),
                withAdopted(ids.groups(), IdAdoption.groups(buildable, ids.groups(), ids.observed())),
                ids.reservedGroups(), ownership.groupIdBase(), ownership.groupIdBase() + ownership.groupIdCount(), "group ids");
        Map<String, Ingress> ingresses = new LinkedHashMap<>();
        for (CommodityRoute c : buildable) {
            ingresses.put(c.id(), new Ingress(c.ingress(), c.destination(), groups.get(c.id()), chosen.get(c.id())));
        }
        Map<Dpid, TableDelta> deltas = new HashMap<>();
        Map<Dpid, SwitchTables> tables = base == null
                ? build(connected, ingresses, labels)
                : patch(base, ingresses, labels, deltas);
        CompiledState out = new CompiledState(tables, labels, groups, chosen, reports, deltas);
        last = new Base(Set.copyOf(connected), pure, ingresses, out.tables(), out.labels());
        return out;
    }

    private static <K> Map<K, Integer> withAdopted(Map<K, Integer> previous, Map<K, Integer> adopted) {
        if (adopted.isEmpty()) {
            return previous;
        }
        Map<K, Integer> known = new HashMap<>(previous);
        known.putAll(adopted);
        return known;
    }

    /** @return whether a commodity's buckets depend on its route alone: no later hop is unreachable */
    private static boolean everyHopConnected(CommodityRoute c, Set<Dpid> connected) {
        for (WeightedPath p : c.paths()) {
            for (int i = 1; i < p.hops().size(); i++) {
                if (!connected.contains(p.hops().get(i).dpid())) {
                    return false;
                }
            }
        }
        return true;
    }

    /** @return every connected switch's tables, built from scratch */
    private Map<Dpid, SwitchTables> build(Set<Dpid> connected, Map<String, Ingress> ingresses, Map<Tunnel, Integer> labels) {
        Map<Dpid, TablesBuilder> builders = new LinkedHashMap<>();
        connected.stream().sorted().forEach(d -> builders.put(d, new TablesBuilder(ownership, watchFirstPorts)));
        ingresses.values().forEach(in -> builders.get(in.ingress()).addIngress(in.destination(), in.groupId(), in.buckets(), labels));
        labels.forEach((tunnel, label) -> forEachTransitHop(tunnel, (hop, egress) -> {
            TablesBuilder b = builders.get(hop.dpid()); // null: unreachable, left as it is
            if (b != null) {
                b.addTunnelHop(label, hop.outPort(), egress, tunnel.version());
            }
        }));
        Map<Dpid, SwitchTables> tables = new HashMap<>();
        builders.forEach((d, b) -> tables.put(d, b.build()));
        return tables;
    }

    /**
     * @return the previous compile's tables with the entries of changed commodities and tunnels
     *         replaced; switches nothing changed at keep the very same tables
     */
    private Map<Dpid, SwitchTables> patch(Base base, Map<String, Ingress> ingresses, Map<Tunnel, Integer> labels,
                                          Map<Dpid, TableDelta> deltas) {
        Map<Dpid, TablePatch> patches = new HashMap<>();
        Map<Dpid, SwitchTables> before = base.tables();
        Function<Dpid, TablePatch> at = d -> patches.computeIfAbsent(d, k -> new TablePatch());
        // Within one state a label is one tunnel, a group id one commodity and an ingress flow key
        // one commodity, so removing every old entry before adding the new ones cannot drop an
        // entry something unchanged still needs.
        Map<Tunnel, Integer> oldLabels = base.labels();
        Set<Tunnel> relabelled = new HashSet<>();
        oldLabels.forEach((t, label) -> {
            Integer now = labels.get(t);
            if (!label.equals(now)) {
                if (now != null) {
                    relabelled.add(t);
                }
                forEachTransitHop(t, (hop, egress) -> at.apply(hop.dpid()).removeFlow(
                        TablesBuilder.tunnelKey(label)));
            }
        });
        labels.forEach((t, label) -> {
            if (!label.equals(oldLabels.get(t))) {
                forEachTransitHop(t, (hop, egress) -> at.apply(hop.dpid()).addFlow(
                        TablesBuilder.tunnelEntry(ownership, label, hop.outPort(), egress, t.version())));
            }
        });
        base.ingresses().forEach((id, old) -> {
            if (!old.equals(ingresses.get(id)) || sendsInto(old.buckets(), relabelled)) {
                TablePatch p = at.apply(old.ingress());
                p.removeFlow(TablesBuilder.ingressKey(old.destination()));
                p.removeGroup(old.groupId());
            }
        });
        ingresses.forEach((id, now) -> {
            if (!now.equals(base.ingresses().get(id)) || sendsInto(now.buckets(), relabelled)) {
                TablePatch p = at.apply(now.ingress());
                p.addFlow(TablesBuilder.ingressFlow(ownership, now.destination(), now.groupId()));
                p.addGroup(TablesBuilder.ingressGroup(now.groupId(), now.buckets(), labels, watchFirstPorts));
            }
        });
        Map<Dpid, SwitchTables> tables = new HashMap<>();
        before.forEach((d, old) -> {
            TablePatch p = patches.get(d); // patches of unreachable switches are dropped: left as they are
            tables.put(d, p == null ? old : p.applyTo(old));
            deltas.put(d, p == null ? new TableDelta(old, Set.of(), Set.of()) : new TableDelta(old, p.flowKeys(), p.groupIds()));
        });
        return tables;
    }

    private static void forEachTransitHop(Tunnel t, BiConsumer<Hop, Boolean> action) {
        List<Hop> hops = t.hops();
        for (int i = 1; i < hops.size(); i++) {
            action.accept(hops.get(i), i == hops.size() - 1);
        }
    }

    private static boolean sendsInto(List<Bucketed> buckets, Set<Tunnel> tunnels) {
        if (tunnels.isEmpty()) {
            return false;
        }
        for (Bucketed b : buckets) {
            if (tunnels.contains(b.tunnel())) {
                return true;
            }
        }
        return false;
    }

    /** A path that gets a bucket, with its weight. */
    record Bucketed(Tunnel tunnel, int weight) {
    }

    /** A commodity whose buckets depended on its route alone (see {@link #everyHopConnected}). */
    private record Choice(CommodityRoute route, List<Bucketed> buckets, CommodityReport report) {
    }

    /** What a commodity's ingress flow and group are made of (with the labels of its tunnels). */
    private record Ingress(Dpid ingress, IpPrefix destination, int groupId, List<Bucketed> buckets) {
    }

    /**
     * One compile's inputs and results, as far as the next compile reuses them.
     *
     * @param connected  the switches it compiled for
     * @param pure       the commodities whose buckets depended on their route alone, by id
     * @param ingresses  the ingress entries it built, by commodity id
     * @param tables     the tables it made (not its deltas: they would keep older tables alive)
     * @param labels     the labels it gave
     */
    private record Base(Set<Dpid> connected, Map<String, Choice> pure, Map<String, Ingress> ingresses,
                        Map<Dpid, SwitchTables> tables, Map<Tunnel, Integer> labels) {
    }
}
