package te.controller.daemon;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which arcs are failed, by arc index, from two sources kept apart: the operator (REST) and the
 * switches (port status), and the capacities the operator set in place of the topology's. An arc
 * is down when either source says so, and each source only lifts its own word, so a port coming
 * back does not end an operator's maintenance, nor an operator's "up" a failure the switch still
 * reports.
 *
 * @param version      topology (link-state) version: 0 at start-up with every link up, +1 per change
 * @param operatorDown arcs the operator set down, ascending
 * @param switchDown   arcs whose port a switch reports down, ascending
 * @param capacityMbps arc → capacity the operator set, Mbps (finite, {@code >= 0}), in arc order; the
 *                     topology's capacity holds for every other arc
 * @param drained      arcs the operator drains, ascending: solves give them no flow, but the
 *                     allocation being served keeps its flow on them until a solve has moved it
 *                     (maintenance without dropping traffic first)
 */
public record LinkState(long version, List<Integer> operatorDown, List<Integer> switchDown, SortedMap<Integer, Double> capacityMbps,
                        List<Integer> drained) {
    public LinkState {
        if (version < 0) {
            throw new IllegalArgumentException("link-state version must be >= 0, got " + version);
        }
        operatorDown = ascending(operatorDown, "operator-down");
        switchDown = ascending(switchDown, "switch-down");
        capacityMbps.forEach((arc, mbps) -> {
            try {
                requireKeptCapacity(mbps);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("arc %d: %s".formatted(arc, e.getMessage()));
            }
        });
        capacityMbps = Collections.unmodifiableSortedMap(new TreeMap<>(capacityMbps));
        drained = ascending(drained, "drained");
    }

    /** No drains. */
    public LinkState(long version, List<Integer> operatorDown, List<Integer> switchDown, SortedMap<Integer, Double> capacityMbps) {
        this(version, operatorDown, switchDown, capacityMbps, List.of());
    }

    /** Failures only, every capacity the topology's. */
    public LinkState(long version, List<Integer> operatorDown, List<Integer> switchDown) {
        this(version, operatorDown, switchDown, new TreeMap<>());
    }

    /** Operator-set failures only. */
    public LinkState(long version, List<Integer> operatorDown) {
        this(version, operatorDown, List.of());
    }

    /** Largest capacity an operator may set, Mbps (a petabit per second). */
    public static final double MAX_CAPACITY_MBPS = te.topology.Link.MAX_CAPACITY_MBPS;

    /** Smallest capacity an operator may set other than 0 (closed), Mbps (one bit per second). */
    public static final double MIN_CAPACITY_MBPS = te.topology.Link.MIN_CAPACITY_MBPS;
    /** The range an operator may set a capacity in, as messages say it. */
    public static final String CAPACITY_RANGE = "0 (closed) or from %s (1 bit/s) to %.0f Mbps"
            .formatted(java.math.BigDecimal.valueOf(MIN_CAPACITY_MBPS).stripTrailingZeros().toPlainString(), MAX_CAPACITY_MBPS);

    /**
     * For a capacity an operator set earlier, as stored or as a primary holds it: earlier builds
     * accepted capacities below {@link #MIN_CAPACITY_MBPS}, and refusing one would set the whole
     * links file aside, or stop a standby from mirroring its primary's links at all.
     *
     * @throws IllegalArgumentException naming the value, unless it is a finite capacity from 0 to
     *                                  {@link #MAX_CAPACITY_MBPS}
     */
    public static void requireKeptCapacity(double mbps) {
        if (!(mbps >= 0 && mbps <= MAX_CAPACITY_MBPS)) {
            throw new IllegalArgumentException("capacity must be from 0 to %.0f Mbps, got %s".formatted(MAX_CAPACITY_MBPS, mbps));
        }
    }

    /**
     * For a capacity an operator sets now.
     *
     * @throws IllegalArgumentException naming the value, unless it is 0 or a finite capacity from
     *                                  {@link #MIN_CAPACITY_MBPS} to {@link #MAX_CAPACITY_MBPS}
     */
    public static void requireCapacity(double mbps) {
        if (!(mbps == 0 || te.topology.Link.plausibleCapacity(mbps))) {
            throw new IllegalArgumentException("capacity must be %s, got %s".formatted(CAPACITY_RANGE, mbps));
        }
    }

    private static List<Integer> ascending(List<Integer> arcs, String what) {
        List<Integer> copy = List.copyOf(arcs);
        for (int i = 1; i < copy.size(); i++) {
            if (copy.get(i - 1) >= copy.get(i)) {
                throw new IllegalArgumentException(what + " arcs must be ascending and unique, got " + copy);
            }
        }
        return copy;
    }

    /** @return every link up, version 0 */
    public static LinkState allUp() {
        return new LinkState(0, List.of());
    }

    /** @return every failed arc, whoever reported it, ascending */
    public List<Integer> downArcs() {
        if (switchDown.isEmpty()) {
            return operatorDown;
        }
        TreeSet<Integer> all = new TreeSet<>(operatorDown);
        all.addAll(switchDown);
        return List.copyOf(all);
    }

    /** @return whether arc {@code a} is failed */
    public boolean isDown(int a) {
        return isOperatorDown(a) || isSwitchDown(a);
    }

    /** @return whether the operator set arc {@code a} down */
    public boolean isOperatorDown(int a) {
        return Collections.binarySearch(operatorDown, a) >= 0;
    }

    /** @return whether a switch reports arc {@code a}'s port down */
    public boolean isSwitchDown(int a) {
        return Collections.binarySearch(switchDown, a) >= 0;
    }

    /** @return the next version with arc {@code a} set down or up by the operator; this state if nothing changes */
    public LinkState with(int a, boolean down) {
        if (isOperatorDown(a) == down) {
            return this;
        }
        return new LinkState(version + 1, toggled(operatorDown, Map.of(a, down)), switchDown, capacityMbps, drained);
    }

    /** @return whether the operator drains arc {@code a} */
    public boolean isDrained(int a) {
        return Collections.binarySearch(drained, a) >= 0;
    }

    /** @return the next version with arc {@code a} drained or not; this state if nothing changes */
    public LinkState withDrain(int a, boolean drain) {
        if (isDrained(a) == drain) {
            return this;
        }
        return new LinkState(version + 1, operatorDown, switchDown, capacityMbps, toggled(drained, Map.of(a, drain)));
    }

    /**
     * @param mbps the capacity the operator sets for arc {@code a}, Mbps, or null to go back to the topology's
     * @return the next version with it; this state if nothing changes
     * @throws IllegalArgumentException for a capacity out of range
     */
    public LinkState withCapacity(int a, Double mbps) {
        Double normal = mbps == null ? null : mbps + 0.0; // -0.0 is 0
        if (java.util.Objects.equals(capacityMbps.get(a), normal)) {
            return this;
        }
        TreeMap<Integer, Double> next = new TreeMap<>(capacityMbps);
        if (mbps == null) {
            next.remove(a);
        } else {
            requireCapacity(normal);
            next.put(a, normal);
        }
        return new LinkState(version + 1, operatorDown, switchDown, next, drained);
    }

    /**
     * The operator's whole word at once, as a standby mirrors it from its primary; the switches'
     * reports stay this daemon's own.
     *
     * @param down     arcs the operator sets down
     * @param capacity arc → capacity the operator sets, Mbps
     * @param drain    arcs the operator drains
     * @return the next version with them; this state if nothing changes
     * @throws IllegalArgumentException for a capacity out of range, naming it
     */
    public LinkState withOperatorState(List<Integer> down, SortedMap<Integer, Double> capacity, List<Integer> drain) {
        TreeMap<Integer, Double> normal = new TreeMap<>();
        capacity.forEach((arc, mbps) -> normal.put(arc, mbps + 0.0)); // -0.0 is 0
        List<Integer> d = List.copyOf(new TreeSet<>(down));
        List<Integer> dr = List.copyOf(new TreeSet<>(drain));
        if (d.equals(operatorDown) && normal.equals(capacityMbps) && dr.equals(drained)) {
            return this;
        }
        return new LinkState(version + 1, d, switchDown, normal, dr);
    }

    /**
     * @param topologyMbps the topology's capacity per arc, Mbps
     * @return the capacity each arc has when up, Mbps: the operator's where set, the topology's
     *         elsewhere (a new array)
     */
    public double[] ratedCapacitiesMbps(double[] topologyMbps) {
        double[] capacity = topologyMbps.clone();
        capacityMbps.forEach((arc, mbps) -> capacity[arc] = mbps);
        return capacity;
    }

    /**
     * @param topologyMbps the topology's capacity per arc, Mbps
     * @return the capacity per arc solves use, Mbps: the operator's where set, the topology's
     *         elsewhere, 0 on failed and drained arcs (a new array)
     */
    public double[] capacitiesMbps(double[] topologyMbps) {
        double[] capacity = servingCapacitiesMbps(topologyMbps);
        for (int a : drained) {
            capacity[a] = 0;
        }
        return capacity;
    }

    /**
     * @param topologyMbps the topology's capacity per arc, Mbps
     * @return the capacity per arc an allocation being served may use, Mbps: as
     *         {@link #capacitiesMbps} but drained arcs keep theirs (a new array)
     */
    public double[] servingCapacitiesMbps(double[] topologyMbps) {
        double[] capacity = ratedCapacitiesMbps(topologyMbps);
        for (int a : downArcs()) {
            capacity[a] = 0;
        }
        return capacity;
    }

    /**
     * @param changes arc → whether switches now report it down
     * @return the next version with those switch reports; this state if none changes anything
     */
    public LinkState withSwitchReports(Map<Integer, Boolean> changes) {
        List<Integer> next = toggled(switchDown, changes);
        return next.equals(switchDown) ? this : new LinkState(version + 1, operatorDown, next, capacityMbps, drained);
    }

    private static List<Integer> toggled(List<Integer> arcs, Map<Integer, Boolean> changes) {
        TreeSet<Integer> set = new TreeSet<>(arcs);
        changes.forEach((arc, down) -> {
            if (down) {
                set.add(arc);
            } else {
                set.remove(arc);
            }
        });
        return new ArrayList<>(set);
    }
}
