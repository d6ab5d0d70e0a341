package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.GroupType;

class SwitchTablesTest {
    private static FlowEntry flow(int label, int port) {
        return TablesBuilder.tunnelEntry(Ownership.DEFAULT, label, port, false, IpVersion.V4);
    }

    private static GroupEntry group(int id) {
        return new GroupEntry(id, GroupType.SELECT, List.of());
    }

    @Test
    void patchedTablesBehaveAsMapsWithTheChangesAppliedOverManyPatches() {
        Random rnd = new Random(3);
        Map<FlowEntry.Key, FlowEntry> expected = new HashMap<>();
        Map<Integer, GroupEntry> expectedGroups = new HashMap<>();
        LinkedHashMap<FlowEntry.Key, FlowEntry> start = new LinkedHashMap<>();
        for (int label = 0; label < 200; label++) {
            FlowEntry f = flow(label, 1);
            start.put(f.key(), f);
        }
        expected.putAll(start);
        SwitchTables tables = SwitchTables.handOver(start, new LinkedHashMap<>());
        for (int round = 0; round < 60; round++) {
            List<FlowEntry.Key> gone = new ArrayList<>();
            List<FlowEntry> added = new ArrayList<>();
            List<Integer> groupsGone = new ArrayList<>();
            List<GroupEntry> groupsAdded = new ArrayList<>();
            for (int i = rnd.nextInt(30); i > 0; i--) {
                gone.add(flow(rnd.nextInt(300), 1).key()); // some absent: removing them is a no-op
                groupsGone.add(rnd.nextInt(50));
            }
            for (int i = rnd.nextInt(30); i > 0; i--) {
                added.add(flow(rnd.nextInt(300), 1 + rnd.nextInt(3))); // replaces, or adds
                groupsAdded.add(group(rnd.nextInt(50)));
            }
            gone.forEach(expected::remove);
            added.forEach(f -> expected.put(f.key(), f));
            groupsGone.forEach(expectedGroups::remove);
            groupsAdded.forEach(g -> expectedGroups.put(g.groupId(), g));
            SwitchTables before = tables;
            Map<FlowEntry.Key, FlowEntry> beforeCopy = new HashMap<>(before.flows());
            tables = tables.patched(gone, added, groupsGone, groupsAdded);

            assertThat(tables.flows()).isEqualTo(expected).hasSize(expected.size());
            assertThat(tables.flows().hashCode()).isEqualTo(expected.hashCode());
            assertThat(new HashMap<>(tables.flows())).isEqualTo(expected); // iteration yields every entry once
            Map<FlowEntry.Key, FlowEntry> visited = new HashMap<>();
            tables.flows().forEach((k, v) -> assertThat(visited.put(k, v)).isNull());
            assertThat(visited).isEqualTo(expected);
            for (int label = 0; label < 300; label++) {
                FlowEntry.Key k = flow(label, 1).key();
                assertThat(tables.flows().containsKey(k)).isEqualTo(expected.containsKey(k));
                assertThat(tables.flows().get(k)).isEqualTo(expected.get(k));
            }
            assertThat(tables.groups()).isEqualTo(expectedGroups);
            assertThat(before.flows()).as("the tables patched are left as they were").isEqualTo(beforeCopy);
        }
    }

    @Test
    void tablesCannotBeChangedThroughTheirMaps() {
        LinkedHashMap<FlowEntry.Key, FlowEntry> flows = new LinkedHashMap<>();
        FlowEntry f = flow(16, 1);
        flows.put(f.key(), f);
        SwitchTables t = SwitchTables.handOver(flows, new LinkedHashMap<>()).patched(List.of(), List.of(flow(17, 1)), List.of(), List.of());
        assertThatThrownBy(() -> t.flows().put(f.key(), f)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> t.flows().entrySet().iterator().next().setValue(f)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> t.flows().keySet().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void nullKeysAreAbsentWhateverTheTablesShape() {
        SwitchTables flat = SwitchTables.handOver(new LinkedHashMap<>(), new LinkedHashMap<>());
        SwitchTables layered = flat.patched(List.of(), List.of(flow(16, 1)), List.of(), List.of());
        for (SwitchTables t : List.of(flat, layered, SwitchTables.EMPTY)) {
            assertThat(t.flows().get(null)).isNull();
            assertThat(t.flows().containsKey(null)).isFalse();
            assertThat(t.groups().getOrDefault(null, null)).isNull();
        }
    }
}
