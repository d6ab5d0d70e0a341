package te.southbound;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import te.southbound.StateCompiler.Bucketed;
import te.southbound.openflow.Action;
import te.southbound.openflow.Bucket;

/**
 * Decides which paths of a commodity get a bucket, and with what weight.
 *
 * <p>A switch the controller cannot reach is assumed to still forward as it did when last seen:
 * losing a control connection says nothing about the data plane, and withdrawing traffic from
 * every path through an unreachable switch would turn a control-network blip (or switches
 * reconnecting one by one after a controller restart) into traffic moves. So a path through an
 * unreachable switch stays usable if that switch was last seen holding exactly the entry the
 * path's tunnel needs there under its current label; any other path through it (new, or changed
 * there) is left out, because it cannot be installed first. Link and switch failures reach the
 * pusher as a new desired state from the solver.
 */
final class PathChooser {
    private final int weightTotal;

    PathChooser(int weightTotal) {
        this.weightTotal = weightTotal;
    }

    /** @return buckets for a commodity whose ingress is connected (empty: nothing to install) */
    List<Bucketed> choose(CommodityRoute c, Set<Dpid> connected, IdBook ids, List<CommodityReport> reports) {
        List<WeightedPath> usable = new ArrayList<>();
        Set<Dpid> held = new TreeSet<>();
        Set<Dpid> leftOut = new TreeSet<>();
        boolean flowLeftOut = false;
        for (WeightedPath p : c.paths()) {
            boolean ok = p.fraction() > 0;
            boolean reachable = true;
            List<Hop> hops = p.hops();
            for (int i = 1; i < hops.size(); i++) {
                Dpid d = hops.get(i).dpid();
                if (!connected.contains(d)) {
                    boolean holds = holds(p.tunnel(c.destination().version()), i, ids);
                    (holds ? held : leftOut).add(d);
                    reachable &= holds;
                }
            }
            flowLeftOut |= ok && !reachable;
            if (ok && reachable) {
                usable.add(p);
            }
        }
        List<String> notes = new ArrayList<>();
        if (!held.isEmpty()) {
            notes.add("switches " + held + " not connected (or not master there), assumed to forward as last seen");
        }
        if (!leftOut.isEmpty()) {
            notes.add("paths needing changes at switches not connected (or not master there) " + leftOut + " left out");
        }
        if (c.idle() && !usable.isEmpty()) {
            List<Bucketed> kept = heldSplit(c, tunnels(usable, c), ids);
            if (kept != null) {
                notes.add("no flow: the split its ingress holds is kept");
                reports.add(new CommodityReport(c.id(), c.paths().size(), kept.size(), kept.stream().map(Bucketed::weight).toList(), 0,
                        String.join("; ", notes)));
                return kept;
            }
        }
        if (usable.isEmpty() && flowLeftOut) {
            // Every path the flow is on needs switches that cannot be programmed now. Removing the
            // commodity's entries would drop its traffic until they connect; the split its ingress
            // holds keeps it flowing (as an unreachable ingress keeps its own), over those of its
            // tunnels that are still whole: a bucket into one broken at an away switch loses its
            // share either way, and the others can carry it.
            List<Bucketed> holds = heldSplit(c, knownTunnels(c, ids), ids);
            List<Bucketed> intact = holds == null ? List.of() : holds.stream().filter(b -> whole(b.tunnel(), connected, ids)).toList();
            if (!intact.isEmpty()) {
                notes.add("its last installed split is kept until they connect"
                        + (intact.size() < holds.size() ? " (less its buckets into tunnels broken there)" : ""));
                reports.add(new CommodityReport(c.id(), c.paths().size(), intact.size(), intact.stream().map(Bucketed::weight).toList(), 0,
                        String.join("; ", notes)));
                return intact;
            }
        }
        if (usable.isEmpty()) {
            notes.add("no usable path with a positive fraction; nothing installed");
            reports.add(new CommodityReport(c.id(), c.paths().size(), 0, List.of(), 0, String.join("; ", notes)));
            return List.of();
        }
        RoundedWeights rounded = WeightRounding.round(usable.stream().map(WeightedPath::fraction).toList(), weightTotal);
        List<Bucketed> result = new ArrayList<>();
        for (int i = 0; i < usable.size(); i++) {
            // A weight rounded to 0 would never be selected; leaving the bucket out saves its label.
            if (rounded.weights().get(i) > 0) {
                result.add(new Bucketed(usable.get(i).tunnel(c.destination().version()), rounded.weights().get(i)));
            }
        }
        reports.add(new CommodityReport(c.id(), c.paths().size(), result.size(),
                result.stream().map(Bucketed::weight).toList(), rounded.maxError(), String.join("; ", notes)));
        return result;
    }

    /**
     * A commodity whose ingress is unreachable keeps the split last installed there: its group
     * cannot be changed, so the tunnels it uses must stay.
     *
     * @return the last installed buckets, or empty if there are none
     */
    static List<Bucketed> frozen(String id, Dpid ingress, int pathsGiven, IdBook ids, List<CommodityReport> reports) {
        List<Bucketed> last = ids.installed().getOrDefault(id, List.of());
        reports.add(new CommodityReport(id, pathsGiven, last.size(), last.stream().map(Bucketed::weight).toList(), 0,
                "ingress " + ingress + " not connected (or not master there); " + (last.isEmpty() ? "nothing installed"
                        : "its last installed split is kept")));
        return last;
    }

    /**
     * @return the split {@code c}'s ingress group holds as last seen (written by a clean run, or
     *         read from the switch), if each of its buckets is one of {@code tunnels} (exactly one)
     *         and no two share one; else null. Not the run memory's installed splits: after a
     *         failed run they hold the old and the new buckets together, a split the ingress never
     *         had, and may name a tunnel the run never finished while the ingress still sends only
     *         into whole ones.
     */
    private static List<Bucketed> heldSplit(CommodityRoute c, List<Tunnel> tunnels, IdBook ids) {
        SwitchTables tables = ids.observed().get(c.ingress());
        Integer groupId = tables == null ? null : IdAdoption.ingressGroupId(c, tables);
        if (groupId == null) {
            return null;
        }
        Set<Tunnel> taken = new java.util.HashSet<>();
        List<Bucketed> held = new ArrayList<>();
        for (Bucket b : tables.groups().get(groupId).buckets()) {
            Tunnel match = null;
            for (Tunnel t : tunnels) {
                if (startsWith(t, b, ids)) {
                    if (match != null) {
                        return null;
                    }
                    match = t;
                }
            }
            if (match == null || b.weight() == 0 || !taken.add(match)) {
                return null;
            }
            held.add(new Bucketed(match, b.weight()));
        }
        return held.isEmpty() ? null : held;
    }

    private static List<Tunnel> tunnels(List<WeightedPath> paths, CommodityRoute c) {
        return paths.stream().map(p -> p.tunnel(c.destination().version())).toList();
    }

    /**
     * @return the tunnels {@code c}'s ingress may send into: its paths' (with a fraction or not) and
     *         those of its splits as of the last clean run and any failed run since
     */
    private static List<Tunnel> knownTunnels(CommodityRoute c, IdBook ids) {
        Set<Tunnel> known = new java.util.LinkedHashSet<>(tunnels(c.paths(), c));
        ids.installed().getOrDefault(c.id(), List.of()).forEach(b -> known.add(b.tunnel()));
        return List.copyOf(known);
    }

    /** @return whether bucket {@code b} sends into tunnel {@code t}: its first port, and a label the switches carry along it */
    private static boolean startsWith(Tunnel t, Bucket b, IdBook ids) {
        int port = t.hops().get(0).outPort();
        if (t.singleHop()) {
            return b.actions().equals(List.of(new Action.Output(port)));
        }
        IdAdoption.LabelledBucket lb = IdAdoption.LabelledBucket.of(b);
        if (lb == null || lb.port() != port) {
            return false;
        }
        Integer label = ids.labels().get(t);
        return label != null ? label == lb.label() : IdAdoption.carries(t, lb.label(), ids.observed(), Set.of());
    }

    /** @return whether every switch of the tunnel after the first that cannot be programmed now holds its entry */
    private static boolean whole(Tunnel t, Set<Dpid> connected, IdBook ids) {
        for (int i = 1; i < t.hops().size(); i++) {
            if (!connected.contains(t.hops().get(i).dpid()) && !holds(t, i, ids)) {
                return false;
            }
        }
        return true;
    }

    /** @return true if switch {@code hops[i]} was last seen with the entry this tunnel needs there */
    private static boolean holds(Tunnel t, int i, IdBook ids) {
        Integer label = ids.labels().get(t);
        return label != null && TablesBuilder.holdsHop(ids.observed().get(t.hops().get(i).dpid()), t, i, label);
    }
}
