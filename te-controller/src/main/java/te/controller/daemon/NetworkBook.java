package te.controller.daemon;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.state.StateStore;
import te.controller.daemon.state.StoredState;
import te.topology.Topology;
import te.topology.paths.PathSet;

/**
 * Link states and the paths that follow from them. A change computes the surviving paths first,
 * persists the link states durably, then publishes both together.
 */
public final class NetworkBook {
    private static final Logger LOG = LoggerFactory.getLogger(NetworkBook.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One failed arc in the state file, by node ids. */
    record ArcRef(String src, String dst) {
    }

    /** One capacity the operator set, in the state file. */
    record CapacityRef(String src, String dst, double capacityMbps) {
    }

    /**
     * The links state file's payload: arcs the operator set down, arcs whose port a switch
     * reported down (absent in files written before switches reported ports), and capacities the
     * operator set (absent in files written before capacities could be set), and arcs the operator
     * drains (absent before drains).
     */
    record LinksFile(List<ArcRef> down, List<ArcRef> reportedDown,
                     // Left out when empty, so that a build from before them can still read the file.
                     @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
                     List<CapacityRef> capacities,
                     @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
                     List<ArcRef> drained) {
    }

    private final Topology topology;
    private final PathSet basePaths;
    private final StateStore store;
    private final int threads;
    private volatile NetworkSnapshot current;
    /** The link-state version of the operator's last word (theirs or a primary's mirrored), 0 while none. */
    private volatile long operatorVersion;

    private NetworkBook(Topology topology, PathSet basePaths, StateStore store, int threads, LinkState links, long operatorVersion) {
        this.topology = topology;
        this.basePaths = basePaths;
        this.store = store;
        this.threads = threads;
        this.current = SurvivingPaths.of(topology, basePaths, links, threads);
        this.operatorVersion = operatorVersion;
    }

    /**
     * @param basePaths all-pairs paths of the intact topology
     * @param threads   worker threads for replacement paths
     * @return the book with the persisted link states, or every link up if there are none usable
     */
    public static NetworkBook load(Topology topology, PathSet basePaths, StateStore store, int threads) {
        Optional<LinkState> stored = store.load(StateStore.LINKS).flatMap(s -> parse(topology, store, s));
        LinkState links = stored.orElse(LinkState.allUp());
        // Without usable link states the operator's word is lost, whatever the record says; a
        // directory from before the record counts every version as possibly the operator's.
        long operator = stored.isEmpty() ? 0 : store.load(StateStore.OPERATOR).map(StoredState::version).orElse(links.version());
        if (stored.isEmpty() && java.nio.file.Files.exists(store.fileOf(StateStore.OPERATOR))) {
            // A record of the lost states' word must not vouch for the links saved from now on.
            store.save(StateStore.OPERATOR, 0, new byte[0]);
        }
        NetworkBook book = new NetworkBook(topology, basePaths, store, threads, links, operator);
        if (!links.downArcs().isEmpty()) {
            LOG.info("loaded link states version {}: {} arcs down, {} pairs got replacement paths", links.version(),
                    links.downArcs().size(), book.current.replacedPairs());
        }
        return book;
    }

    private static Optional<LinkState> parse(Topology topology, StateStore store, StoredState s) {
        LinksFile file;
        try {
            file = JSON.readValue(s.payload(), LinksFile.class);
        } catch (IOException e) {
            store.setAside(StateStore.LINKS, "not a links file: " + e.getMessage());
            return Optional.empty();
        }
        // An edited topology (TopologyStamp lets one in) may lack links or nodes the file names:
        // the operator's word on every other link still holds, and a drain lost here would put
        // traffic back onto a link under maintenance.
        List<String> gone = new ArrayList<>();
        LinkState links;
        try {
            java.util.TreeMap<Integer, Double> capacities = new java.util.TreeMap<>();
            for (CapacityRef c : file.capacities() == null ? List.<CapacityRef>of() : file.capacities()) {
                int arc = arcOrGone(topology, "capacity", new ArcRef(c.src(), c.dst()), gone);
                if (arc >= 0) {
                    capacities.put(arc, c.capacityMbps());
                }
            }
            List<Integer> down = arcs(topology, "down", file.down(), gone);
            List<Integer> reportedDown = arcs(topology, "reported down", file.reportedDown(), gone);
            List<Integer> drained = arcs(topology, "drained", file.drained(), gone);
            links = new LinkState(gone.isEmpty() ? s.version() : s.version() + 1, down, reportedDown, capacities, drained);
        } catch (RuntimeException e) {
            store.setAsideUnfit(StateStore.LINKS, "does not fit topology %s: %s".formatted(topology.name(), e.getMessage()));
            return Optional.empty();
        }
        if (!gone.isEmpty()) {
            store.supersede(StateStore.LINKS, links.version(), render(topology, links),
                    "%s has no %s; the rest kept".formatted(topology.name(), String.join(", ", gone)));
        }
        return Optional.of(links);
    }

    private static List<Integer> arcs(Topology topology, String what, List<ArcRef> refs, List<String> gone) {
        List<Integer> arcs = new ArrayList<>();
        for (ArcRef ref : refs == null ? List.<ArcRef>of() : refs) {
            int arc = arcOrGone(topology, what, ref, gone);
            if (arc >= 0) {
                arcs.add(arc);
            }
        }
        arcs.sort(null);
        return arcs;
    }

    /** @return the arc {@code ref} names, or -1 after adding it to {@code gone} when the topology has no such link */
    private static int arcOrGone(Topology topology, String what, ArcRef ref, List<String> gone) {
        try {
            return arcOf(topology, ref.src(), ref.dst());
        } catch (IllegalArgumentException e) {
            gone.add("link %s->%s (%s)".formatted(ref.src(), ref.dst(), what));
            return -1;
        }
    }

    /**
     * @return the arc from {@code src} to {@code dst} (node ids or unique labels)
     * @throws IllegalArgumentException naming the value when there is no such node or arc
     */
    public static int arcOf(Topology topology, String src, String dst) {
        int s = topology.resolveNode(src);
        int d = topology.resolveNode(dst);
        int arc = topology.arcIndex(s, d);
        if (arc < 0) {
            throw new IllegalArgumentException("%s has no link %s->%s".formatted(topology.name(), src, dst));
        }
        return arc;
    }

    /** @return the topology whose links this book keeps */
    public Topology topology() {
        return topology;
    }

    /** @return the current link states and paths */
    public NetworkSnapshot current() {
        return current;
    }

    /**
     * @return the link-state version of the operator's last word on links (set down or up, a
     *         capacity, a drain, or a primary's word mirrored), 0 when none was given since this
     *         state began (a new state directory, or its link states lost): switch reports alone
     *         raise the link-state version but not this
     */
    public long operatorVersion() {
        return operatorVersion;
    }

    /**
     * The network as it would be with {@code links}, its paths worked out as for a real change
     * (replacement paths for pairs it cuts off), kept nowhere: for a what-if.
     */
    public NetworkSnapshot hypothetical(LinkState links) {
        return SurvivingPaths.of(topology, basePaths, links, threads);
    }

    /**
     * What a link-state call did.
     *
     * @param snapshot     the network after it
     * @param changed      whether the call's own word changed (a new link-state version)
     * @param pathsChanged whether the paths were recomputed (the failed or drained arcs changed, or a capacity while some arc is unusable), so the allocation must follow
     */
    public record Update(NetworkSnapshot snapshot, boolean changed, boolean pathsChanged) {
    }

    /**
     * Sets one arc down or up as the operator; returns once the new state is durable (unchanged if
     * the operator's word on it already was so). An arc a switch reports down stays down.
     */
    public synchronized Update setDown(int arc, boolean down) {
        return apply(current.links().with(arc, down), true, "link %s %s by the operator".formatted(topology.arcName(arc), down ? "down" : "up"));
    }

    /**
     * Sets the capacity of one arc as the operator (a LAG that lost members, a degraded or
     * upgraded circuit) in place of the topology's; returns once the new state is durable
     * (unchanged if it already was so). The paths stay; a re-solve must follow.
     *
     * @param mbps the capacity, Mbps, or null for the topology's again
     * @throws IllegalArgumentException for a capacity out of range, naming it
     */
    public synchronized Update setCapacity(int arc, Double mbps) {
        return apply(current.links().withCapacity(arc, mbps), true, mbps == null
                ? "link %s capacity back to the topology's %s Mbps".formatted(topology.arcName(arc), topology.capacityMbps(arc))
                : "link %s capacity set to %s Mbps by the operator (topology: %s)".formatted(topology.arcName(arc), mbps, topology.capacityMbps(arc)));
    }

    /**
     * Drains one arc as the operator, or ends its drain; returns once durable (unchanged if it
     * already was so). A drained arc gets no flow from solves, but the allocation being served
     * keeps its flow on it until a solve has moved it, so the switches move traffic make-before-break
     * instead of dropping it first, as a failure does.
     */
    public synchronized Update setDrain(int arc, boolean drain) {
        return apply(current.links().withDrain(arc, drain), true, "link %s %s by the operator".formatted(topology.arcName(arc), drain ? "drained" : "undrained"));
    }

    /**
     * Replaces the operator's whole word (failed, re-rated and drained arcs) at once, as a standby
     * mirrors its primary; returns once durable (unchanged if it already was so). Switch reports stay.
     *
     * @param source names where the word comes from, for the log
     * @throws IllegalArgumentException for a capacity out of range, naming it
     */
    public synchronized Update setOperatorState(List<Integer> down, java.util.SortedMap<Integer, Double> capacity,
                                                List<Integer> drain, String source) {
        return apply(current.links().withOperatorState(down, capacity, drain), true, "operator link states from " + source);
    }

    /**
     * Records what switches report about arcs' ports; returns once durable (unchanged if nothing
     * changes). An arc the operator set down stays down.
     *
     * @param changes arc → whether its port is now reported down
     */
    public synchronized Update setSwitchReports(java.util.Map<Integer, Boolean> changes) {
        LinkState next = current.links().withSwitchReports(changes);
        String what = changes.entrySet().stream().filter(e -> e.getValue() != current.links().isSwitchDown(e.getKey()))
                .map(e -> topology.arcName(e.getKey()) + (e.getValue() ? " down" : " up")).collect(java.util.stream.Collectors.joining(", "));
        return apply(next, false, "switch port reports: " + what);
    }

    /** @param operatorWord whether the operator (or a mirrored primary) gives it, not a switch */
    private Update apply(LinkState next, boolean operatorWord, String what) {
        if (next == current.links()) {
            return new Update(current, false, false);
        }
        long start = System.nanoTime();
        // A word that leaves the failed set as it was (the other source already holds the arc
        // down) keeps the paths: nothing to recompute or re-solve.
        // Replacement paths (pairs a failure cut off) are searched over the capacities in force, so
        // a capacity change while links are down searches them again.
        boolean pathsChanged = !next.downArcs().equals(current.links().downArcs()) || !next.drained().equals(current.links().drained())
                || (!next.capacityMbps().equals(current.links().capacityMbps()) && (unusableArcs(next) || unusableArcs(current.links())));
        NetworkSnapshot snapshot = pathsChanged ? SurvivingPaths.of(topology, basePaths, next, threads)
                : SurvivingPaths.keepingPaths(topology, next, current.paths(), current.replacedPairs());
        if (operatorWord) {
            // First: a crash before the links are saved leaves a record ahead of them, which only
            // claims a word that was about to be given, never hides one.
            store.save(StateStore.OPERATOR, next.version(), new byte[0]);
        }
        store.save(StateStore.LINKS, next.version(), render(topology, next));
        if (operatorWord) {
            operatorVersion = next.version();
        }
        current = snapshot;
        LOG.info("{}: topology version {}, {} arcs down, {} pairs with replacement paths ({} ms){}", what,
                next.version(), next.downArcs().size(), snapshot.replacedPairs(), (System.nanoTime() - start) / 1_000_000,
                pathsChanged ? "" : "; failed links unchanged");
        return new Update(snapshot, true, pathsChanged);
    }

    /** @return whether some arc is failed, drained or set to 0, so that replacement paths are searched */
    private static boolean unusableArcs(LinkState links) {
        return !links.downArcs().isEmpty() || !links.drained().isEmpty() || links.capacityMbps().containsValue(0.0);
    }

    private static byte[] render(Topology topology, LinkState links) {
        try {
            List<CapacityRef> capacities = links.capacityMbps().entrySet().stream().map(e -> new CapacityRef(
                    topology.nodes().get(topology.arcSrc(e.getKey())).id(), topology.nodes().get(topology.arcDst(e.getKey())).id(),
                    e.getValue())).toList();
            return JSON.writeValueAsBytes(new LinksFile(refs(topology, links.operatorDown()), refs(topology, links.switchDown()), capacities,
                    refs(topology, links.drained())));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render link states", e);
        }
    }

    private static List<ArcRef> refs(Topology topology, List<Integer> arcs) {
        return arcs.stream().map(a -> new ArcRef(topology.nodes().get(topology.arcSrc(a)).id(),
                topology.nodes().get(topology.arcDst(a)).id())).toList();
    }
}
