package te.southbound;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import te.southbound.StateCompiler.Bucketed;
import te.southbound.openflow.OxmField;

/**
 * What the reconciler carries from run to run (its thread only): a trusted copy of each
 * connected switch's owned entries, the last-seen copy of every switch ever seen (kept across
 * disconnects), and the ids and splits of the last clean run.
 */
final class RunMemory {
    /** A switch's entries as read or last written over one connection. */
    record Trusted(SwitchConnection connection, SwitchTables tables) {
    }

    private final Map<Dpid, Trusted> trusted = new HashMap<>();
    private final Map<Dpid, SwitchTables> lastSeen = new HashMap<>();
    private Map<Tunnel, Integer> labels = Map.of();
    private Map<String, Integer> groupIds = Map.of();
    private Map<String, List<Bucketed>> installed = Map.of();

    /** Forgets the trusted copies, so every switch is read again (audit, unexpected failure). */
    void distrustAll() {
        trusted.clear();
    }

    /**
     * Drops copies of connections that are gone or replaced, and reads switches without one.
     *
     * @return failures, one line each
     */
    List<String> refresh(Map<Dpid, SwitchConnection> ready, Ownership own, long timeoutMs) {
        trusted.entrySet().removeIf(e -> ready.get(e.getKey()) != e.getValue().connection());
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Dpid, SwitchConnection> e : ready.entrySet()) {
            if (!trusted.containsKey(e.getKey())) {
                try {
                    SwitchTables t = TableReader.read(e.getValue(), own, timeoutMs);
                    trusted.put(e.getKey(), new Trusted(e.getValue(), t));
                    lastSeen.put(e.getKey(), t);
                } catch (Exception ex) {
                    problems.add("reading switch %s failed: %s".formatted(e.getKey(), ex));
                }
            }
        }
        return problems;
    }

    /** @return switches with a trusted copy: the ones that can be programmed now */
    Set<Dpid> connected() {
        return Set.copyOf(trusted.keySet());
    }

    SwitchTables tables(Dpid d) {
        return trusted.get(d).tables();
    }

    SwitchConnection connection(Dpid d) {
        return trusted.get(d).connection();
    }

    /**
     * @return switches that may send traffic into our tunnels: the ingresses of the state and of
     *         the last installed splits (only an ingress bucket pushes a label)
     */
    Set<Dpid> tunnelUsers(DesiredState state) {
        Set<Dpid> users = new HashSet<>();
        state.commodities().forEach(c -> users.add(c.ingress()));
        installed.values().forEach(b -> users.add(b.get(0).tunnel().hops().get(0).dpid()));
        return users;
    }

    IdBook idBook() {
        Set<Integer> seenLabels = new HashSet<>();
        Set<Integer> seenGroups = new HashSet<>();
        for (SwitchTables t : lastSeen.values()) {
            seenGroups.addAll(t.groups().keySet());
            for (FlowEntry f : t.flows().values()) {
                f.match().fields().stream().filter(OxmField.MplsLabel.class::isInstance)
                        .forEach(m -> seenLabels.add(((OxmField.MplsLabel) m).label()));
            }
        }
        return new IdBook(labels, groupIds, seenLabels, seenGroups, lastSeen, installed);
    }

    /**
     * Every phase went through: the switches now hold the compiled tables, plus the stale label
     * entries the run kept (some switch that may send into them was away), which the next run
     * with every such switch back removes, and whose labels stay reserved meanwhile.
     *
     * @param staleTunnelsRemoved whether the run removed stale label entries
     */
    void commit(CompiledState compiled, boolean staleTunnelsRemoved) {
        compiled.tables().forEach((d, t) -> {
            SwitchTables held = staleTunnelsRemoved ? t : withKeptLabelEntries(t, trusted.get(d).tables());
            trusted.put(d, new Trusted(trusted.get(d).connection(), held));
            lastSeen.put(d, held);
        });
        labels = compiled.labels();
        groupIds = compiled.groupIds();
        installed = compiled.buckets();
    }

    /**
     * The run stopped part-way: what the touched switches hold is unknown, so they are read
     * again next run. Old and new ids and tunnels are all kept, so none is handed to another
     * tunnel, and no tunnel an unreachable ingress may use is removed, while entries may remain.
     */
    void fail(CompiledState compiled, Set<Dpid> touched) {
        touched.forEach(trusted::remove);
        labels = merge(labels, compiled.labels());
        groupIds = merge(groupIds, compiled.groupIds());
        Map<String, List<Bucketed>> both = new HashMap<>(installed);
        compiled.buckets().forEach((id, b) -> both.merge(id, b, (x, y) -> {
            Set<Bucketed> union = new LinkedHashSet<>(x);
            union.addAll(y);
            return List.copyOf(union);
        }));
        installed = both;
    }

    private static SwitchTables withKeptLabelEntries(SwitchTables compiled, SwitchTables before) {
        Map<FlowEntry.Key, FlowEntry> flows = new java.util.LinkedHashMap<>(compiled.flows());
        for (FlowEntry f : before.flows().values()) {
            if (!TableDiff.isIngress(f)) {
                flows.putIfAbsent(f.key(), f);
            }
        }
        return new SwitchTables(flows, compiled.groups());
    }

    Map<String, Integer> groupIds() {
        return groupIds;
    }

    private static <K> Map<K, Integer> merge(Map<K, Integer> a, Map<K, Integer> b) {
        Map<K, Integer> m = new HashMap<>(a);
        m.putAll(b);
        return m;
    }
}
