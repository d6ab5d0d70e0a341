package te.southbound;

import java.util.Map;
import java.util.Set;

/**
 * Ids handed out before, and ids seen on switches that a new tunnel or commodity must not take.
 *
 * @param labels         label of each tunnel of the last completed update
 * @param groups         group id of each commodity of the last completed update
 * @param reservedLabels labels in owned flows read from switches
 * @param reservedGroups owned group ids read from switches
 * @param observed       owned entries of the switches as last read or written, for adoption
 */
record IdBook(Map<Tunnel, Integer> labels, Map<String, Integer> groups, Set<Integer> reservedLabels,
              Set<Integer> reservedGroups, Map<Dpid, SwitchTables> observed) {
    static final IdBook EMPTY = new IdBook(Map.of(), Map.of(), Set.of(), Set.of(), Map.of());

    IdBook {
        labels = Map.copyOf(labels);
        groups = Map.copyOf(groups);
        reservedLabels = Set.copyOf(reservedLabels);
        reservedGroups = Set.copyOf(reservedGroups);
        observed = Map.copyOf(observed);
    }
}
