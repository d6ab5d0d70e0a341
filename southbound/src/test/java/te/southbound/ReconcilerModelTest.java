package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.FlowMod;
import te.southbound.openflow.OfMessage.GroupMod;

/**
 * The reconciler's run, step by step as {@code Reconciler.runOnce} takes it, with the real
 * compiler, diff and memory and switches simulated as tables the planned messages are applied to,
 * over random histories: states changing, switches leaving and coming back (some restarted
 * empty), audits, entries of ours added behind the controller's back, controller restarts, id
 * spaces running out, runs losing messages part-way, removals left to the next run. At every run:
 * the patched compile equals a compile from scratch; the keyed diff equals the full diff; the ids
 * book's skip of switches holding the last commit changes no id; after a clean run the memory's
 * copy of every switch is what the switch holds.
 */
class ReconcilerModelTest {
    private static final int SWITCHES = 6;
    /** 14 group ids: some states need more, so some compiles throw. */
    private static final Ownership OWN = new Ownership(0x7e5b0001L << 32, 0x10000, 14);

    /** A switch as the reconciler's messages leave it. */
    private static final class SimulatedSwitch {
        final Map<FlowEntry.Key, FlowEntry> flows = new LinkedHashMap<>();
        final Map<Integer, GroupEntry> groups = new LinkedHashMap<>();

        SwitchTables read() {
            return new SwitchTables(flows, groups);
        }

        void apply(OfMessage m) {
            if (m instanceof FlowMod f) {
                FlowEntry.Key k = new FlowEntry.Key(f.priority(), f.match());
                FlowEntry old = flows.get(k);
                switch (f.command()) {
                    case ADD -> flows.put(k, new FlowEntry(f.cookie(), f.priority(), f.match(), f.instructions()));
                    case MODIFY_STRICT -> {
                        if (old != null) {
                            flows.put(k, new FlowEntry(old.cookie(), old.priority(), old.match(), f.instructions()));
                        }
                    }
                    case DELETE_STRICT -> {
                        if (old != null && old.cookie() == f.cookie()) {
                            flows.remove(k);
                        }
                    }
                    default -> throw new IllegalStateException("not sent by the reconciler: " + f.command());
                }
            } else if (m instanceof GroupMod g) {
                switch (g.command()) {
                    case ADD, MODIFY -> groups.put(g.groupId(), new GroupEntry(g.groupId(), g.type(), g.buckets()));
                    case DELETE -> groups.remove(g.groupId());
                }
            }
        }
    }

    @Test
    void runsOverRandomHistoriesKeepEveryInvariant() {
        RandomStates states = new RandomStates(SWITCHES);
        int patched = 0;
        int keyed = 0;
        int thrown = 0;
        for (int seed = 0; seed < 80; seed++) {
            Random rnd = new Random(seed);
            Map<Dpid, SimulatedSwitch> switches = new HashMap<>();
            states.all().forEach(d -> switches.put(d, new SimulatedSwitch()));
            StateCompiler compiler = new StateCompiler(OWN, 100);
            RunMemory memory = new RunMemory();
            Set<Dpid> ready = new HashSet<>(states.all());
            Set<Dpid> trustedNow = new HashSet<>();
            Map<String, CommodityRoute> state = new LinkedHashMap<>();
            Set<Dpid> tampered = new HashSet<>();
            for (int step = 0; step < 25; step++) {
                String at = "seed %d step %d".formatted(seed, step);
                if (rnd.nextInt(3) > 0 || state.isEmpty()) {
                    states.mutate(state, rnd);
                }
                switch (rnd.nextInt(20)) {
                    case 0 -> { // a connection drops, or comes back (sometimes from a switch restarted empty)
                        Dpid d = states.any(rnd);
                        if (!ready.remove(d)) {
                            ready.add(d);
                            if (rnd.nextBoolean()) {
                                switches.put(d, new SimulatedSwitch());
                            }
                        }
                        memory.forget(d);
                        trustedNow.remove(d);
                    }
                    case 1 -> { // audit
                        memory.distrustAll();
                        trustedNow.clear();
                    }
                    case 2 -> { // an entry of ours added by hand
                        Dpid d = states.any(rnd);
                        FlowEntry f = TablesBuilder.tunnelEntry(OWN, 16 + rnd.nextInt(40), 7, rnd.nextBoolean(),
                                rnd.nextBoolean() ? IpVersion.V4 : IpVersion.V6);
                        switches.get(d).flows.put(f.key(), f);
                        tampered.add(d);
                    }
                    case 3 -> { // controller restart
                        compiler = new StateCompiler(OWN, 100);
                        memory = new RunMemory();
                        trustedNow.clear();
                    }
                    default -> { }
                }
                for (Dpid d : states.all()) { // what refresh() does: read every ready switch without a trusted copy
                    if (!ready.contains(d)) {
                        memory.forget(d);
                        trustedNow.remove(d);
                    } else if (trustedNow.add(d)) {
                        memory.read(d, null, switches.get(d).read());
                        tampered.remove(d);
                    }
                }
                Set<Dpid> connected = memory.connected();
                DesiredState desired = new DesiredState(new ArrayList<>(state.values()));
                IdBook ids = memory.idBook();
                CompiledState compiled;
                try {
                    compiled = compiler.compile(desired, connected, ids);
                } catch (IllegalStateException e) {
                    thrown++;
                    assertThatThrownBy(() -> new StateCompiler(OWN, 100).compile(desired, connected, ids)).as(at)
                            .isInstanceOf(IllegalStateException.class);
                    memory.distrustAll(); // as Reconciler.run does
                    trustedNow.clear();
                    continue;
                }
                patched += compiled.deltas().isEmpty() ? 0 : 1;
                CompiledState scratch = new StateCompiler(OWN, 100).compile(desired, connected, ids);
                assertThat(compiled.tables()).as(at).isEqualTo(scratch.tables());
                assertThat(compiled.labels()).as(at).isEqualTo(scratch.labels());
                assertThat(compiled.groupIds()).as(at).isEqualTo(scratch.groupIds());
                assertThat(compiled.buckets()).as(at).isEqualTo(scratch.buckets());
                assertThat(compiled.reports()).as(at).isEqualTo(scratch.reports());
                CompiledState unskipped = new StateCompiler(OWN, 100).compile(desired, connected, withEveryIdSeen(ids));
                assertThat(unskipped.labels()).as(at + ": ids book skip").isEqualTo(scratch.labels());
                assertThat(unskipped.groupIds()).as(at + ": ids book skip").isEqualTo(scratch.groupIds());

                boolean removeStale = connected.containsAll(memory.tunnelUsers(desired));
                Map<Dpid, Map<Phase, List<OfMessage>>> plans = new HashMap<>();
                for (Dpid d : connected) {
                    TableDelta delta = compiled.deltas().get(d);
                    Map<Phase, List<OfMessage>> plan = TableDiff.plan(memory.tables(d), compiled.tables().get(d), removeStale, delta);
                    Map<Phase, List<OfMessage>> full = TableDiff.plan(memory.tables(d), compiled.tables().get(d), removeStale);
                    keyed += delta != null && delta.from() == memory.tables(d) ? 1 : 0;
                    for (Phase p : Phase.values()) {
                        assertThat(plan.get(p)).as(at + " " + d + " " + p).containsExactlyInAnyOrderElementsOf(full.get(p));
                    }
                    plans.put(d, plan);
                }
                TableDiff.deferReweightsOntoRebuiltTunnels(plans.values());
                boolean clean = true;
                boolean deferred = false;
                Set<Dpid> touched = new HashSet<>();
                boolean deferRemovals = rnd.nextInt(6) == 0;
                int failAt = rnd.nextInt(8) == 0 ? rnd.nextInt(Phase.values().length) : -1;
                for (Phase p : Phase.values()) {
                    if (p == Phase.REMOVALS && deferRemovals && plans.values().stream().anyMatch(pl -> !pl.get(Phase.REMOVALS).isEmpty())) {
                        deferred = true;
                        break;
                    }
                    for (Map.Entry<Dpid, Map<Phase, List<OfMessage>>> e : plans.entrySet()) {
                        if (!e.getValue().get(p).isEmpty()) {
                            touched.add(e.getKey());
                        }
                        for (OfMessage m : e.getValue().get(p)) {
                            if (p.ordinal() != failAt || rnd.nextInt(3) != 0) { // a third of a failing phase is lost
                                switches.get(e.getKey()).apply(m);
                            }
                        }
                    }
                    if (p.ordinal() == failAt && !touched.isEmpty()) {
                        clean = false;
                        break;
                    }
                }
                if (clean) {
                    memory.commit(compiled, deferred ? RunMemory.Kept.ALL_STALE
                            : removeStale ? RunMemory.Kept.NONE : RunMemory.Kept.STALE_LABELS);
                    for (Dpid d : connected) {
                        if (!tampered.contains(d)) {
                            assertThat(memory.tables(d)).as(at + ": memory's copy of " + d).isEqualTo(switches.get(d).read());
                        }
                    }
                } else {
                    memory.fail(compiled, touched);
                    trustedNow.removeAll(touched);
                }
            }
        }
        assertThat(patched).as("patched compiles").isGreaterThan(1_000);
        assertThat(keyed).as("keyed diffs").isGreaterThan(2_000);
        assertThat(thrown).as("compiles out of group ids").isPositive();
    }

    /**
     * The same book with every label and group id the switches were last seen with reserved (and
     * those it reserves already: what switches a failed run touched may hold).
     */
    private static IdBook withEveryIdSeen(IdBook ids) {
        Set<Integer> labels = new HashSet<>(ids.reservedLabels());
        Set<Integer> groups = new HashSet<>(ids.reservedGroups());
        ids.observed().values().forEach(t -> {
            groups.addAll(t.groups().keySet());
            t.flows().values().forEach(f -> f.match().mplsLabel().ifPresent(labels::add));
        });
        return new IdBook(ids.labels(), ids.groups(), labels, groups, ids.observed(), ids.installed());
    }
}
