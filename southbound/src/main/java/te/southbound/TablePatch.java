package te.southbound;

import java.util.ArrayList;
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
        return before.patched(removedFlows, addedFlows, removedGroups, addedGroups);
    }
}
