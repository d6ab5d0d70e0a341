package te.southbound;

import java.util.Set;

/**
 * Where one switch's compiled tables differ from the tables the previous compile gave it: they
 * equal {@code from} except, at most, under these keys. A diff against a switch known to hold
 * exactly {@code from} only needs to look at them.
 *
 * @param from     the previous compile's tables for the switch
 * @param flowKeys flow keys added, removed or replaced since
 * @param groupIds group ids added, removed or replaced since
 */
record TableDelta(SwitchTables from, Set<FlowEntry.Key> flowKeys, Set<Integer> groupIds) {
    TableDelta {
        // Not copied: the compiler hands over sets it built and keeps no reference to.
        flowKeys = java.util.Collections.unmodifiableSet(flowKeys);
        groupIds = java.util.Collections.unmodifiableSet(groupIds);
    }
}
