package te.southbound;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What earlier runs left: ids handed out, ids seen on switches that a new tunnel or commodity
 * must not take, the splits installed, and what each switch held when last seen.
 *
 * @param labels         label of each tunnel of the last completed update
 * @param groups         group id of each commodity of the last completed update
 * @param reservedLabels labels in owned flows seen on switches (labels already in {@code labels}
 *                       may be left out: they are taken anyway)
 * @param reservedGroups owned group ids seen on switches (likewise for {@code groups})
 * @param observed       owned entries of every switch as last read or written, connected or not
 * @param installed      each commodity's buckets as of the last clean run
 */
record IdBook(Map<Tunnel, Integer> labels, Map<String, Integer> groups, Set<Integer> reservedLabels,
              Set<Integer> reservedGroups, Map<Dpid, SwitchTables> observed,
              Map<String, List<StateCompiler.Bucketed>> installed) {
    static final IdBook EMPTY = new IdBook(Map.of(), Map.of(), Set.of(), Set.of(), Map.of(), Map.of());

    /**
     * @return no ids handed out, every owned id in {@code seen} reserved, and {@code seen} as the
     *         tables last observed: what a controller starting with no memory knows
     */
    static IdBook seenOn(Map<Dpid, SwitchTables> seen) {
        Set<Integer> labels = new java.util.HashSet<>();
        Set<Integer> groups = new java.util.HashSet<>();
        seen.values().forEach(t -> reserve(t, labels, groups));
        return new IdBook(Map.of(), Map.of(), labels, groups, seen, Map.of());
    }

    /** Adds the labels of {@code t}'s flows to {@code labels} and its group ids to {@code groups}. */
    static void reserve(SwitchTables t, Set<Integer> labels, Set<Integer> groups) {
        groups.addAll(t.groups().keySet());
        for (FlowEntry f : t.flows().values()) {
            f.match().mplsLabel().ifPresent(labels::add);
        }
    }

    IdBook {
        labels = Map.copyOf(labels);
        groups = Map.copyOf(groups);
        reservedLabels = Set.copyOf(reservedLabels);
        reservedGroups = Set.copyOf(reservedGroups);
        observed = Map.copyOf(observed);
        installed = Map.copyOf(installed);
    }
}
