package te.southbound;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Changes to one switch's compiled tables, applied removals first. */
final class TablePatch {
    private final List<FlowEntry.Key> removedFlows = new ArrayList<>();
    private final List<Integer> removedGroups = new ArrayList<>();
    private final List<FlowEntry> addedFlows = new ArrayList<>();
    private final List<GroupEntry> addedGroups = new ArrayList<>();
    private final Set<FlowEntry.Key> flowKeys = new LinkedHashSet<>();
    private final Set<Integer> groupIds = new LinkedHashSet<>();

    void removeFlow(FlowEntry.Key key) {
        removedFlows.add(key);
        flowKeys.add(key);
    }

    void removeGroup(int groupId) {
        removedGroups.add(groupId);
        groupIds.add(groupId);
    }

    void addFlow(FlowEntry flow) {
        addedFlows.add(flow);
        flowKeys.add(flow.key());
    }

    void addGroup(GroupEntry group) {
        addedGroups.add(group);
        groupIds.add(group.groupId());
    }

    Set<FlowEntry.Key> flowKeys() {
        return flowKeys;
    }

    Set<Integer> groupIds() {
        return groupIds;
    }

    SwitchTables applyTo(SwitchTables before) {
        // forEach, not the copy constructor: the tables' read-only entry views would wrap every entry.
        LinkedHashMap<FlowEntry.Key, FlowEntry> flows = new LinkedHashMap<>(capacity(before.flows().size() + addedFlows.size()));
        before.flows().forEach(flows::put);
        removedFlows.forEach(flows::remove);
        addedFlows.forEach(f -> flows.put(f.key(), f));
        LinkedHashMap<Integer, GroupEntry> groups = new LinkedHashMap<>(capacity(before.groups().size() + addedGroups.size()));
        before.groups().forEach(groups::put);
        removedGroups.forEach(groups::remove);
        addedGroups.forEach(g -> groups.put(g.groupId(), g));
        return SwitchTables.handOver(flows, groups);
    }

    /** @return a hash map capacity that holds {@code n} entries without resizing */
    private static int capacity(int n) {
        return (int) (n / 0.75f) + 1;
    }
}
