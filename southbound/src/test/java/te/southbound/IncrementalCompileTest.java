package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.OfMessage;

/**
 * A compiler that patches its previous result must give exactly what compiling from scratch
 * gives, and its per-switch deltas must give the same messages as a full diff.
 */
class IncrementalCompileTest {
    private static final RandomStates STATES = new RandomStates(6);

    /** What the reconciler's memory would hand the compiler, evolved the way runs evolve it. */
    private static final class Book {
        Map<Tunnel, Integer> labels = Map.of();
        Map<String, Integer> groups = Map.of();
        Map<String, List<StateCompiler.Bucketed>> installed = Map.of();
        final Map<Dpid, SwitchTables> observed = new HashMap<>();
        final Set<Integer> strayLabels = new HashSet<>();

        IdBook ids() {
            Set<Integer> seenLabels = new HashSet<>(strayLabels);
            Set<Integer> seenGroups = new HashSet<>();
            observed.values().forEach(t -> {
                seenGroups.addAll(t.groups().keySet());
                t.flows().values().forEach(f -> f.match().mplsLabel().ifPresent(seenLabels::add));
            });
            return new IdBook(labels, groups, seenLabels, seenGroups, observed, installed);
        }

        void commit(CompiledState c) {
            labels = c.labels();
            groups = c.groupIds();
            installed = c.buckets();
            observed.putAll(c.tables());
        }

        void fail(CompiledState c) {
            Map<Tunnel, Integer> l = new HashMap<>(labels);
            l.putAll(c.labels());
            labels = l;
            Map<String, Integer> g = new HashMap<>(groups);
            g.putAll(c.groupIds());
            groups = g;
            Map<String, List<StateCompiler.Bucketed>> both = new HashMap<>(installed);
            c.buckets().forEach((id, b) -> both.merge(id, b, (x, y) -> {
                Set<StateCompiler.Bucketed> union = new LinkedHashSet<>(x);
                union.addAll(y);
                return List.copyOf(union);
            }));
            installed = both;
        }
    }

    @Test
    void patchedCompilesEqualCompilesFromScratchOverRandomHistories() {
        int patched = 0;
        for (int seed = 0; seed < 150; seed++) {
            Random rnd = new Random(seed);
            StateCompiler incremental = new StateCompiler(Ownership.DEFAULT, 100);
            Book book = new Book();
            Map<String, CommodityRoute> state = new LinkedHashMap<>();
            Set<Dpid> connected = new HashSet<>(STATES.all());
            for (int step = 0; step < 12; step++) {
                STATES.mutate(state, rnd);
                if (rnd.nextInt(5) == 0) {
                    Dpid d = STATES.any(rnd);
                    if (!connected.remove(d)) {
                        connected.add(d);
                    }
                }
                if (rnd.nextInt(8) == 0) {
                    book.strayLabels.add(16 + rnd.nextInt(40)); // a label some switch holds behind our back
                }
                DesiredState desired = new DesiredState(new ArrayList<>(state.values()));
                IdBook ids = book.ids();
                CompiledState got = incremental.compile(desired, Set.copyOf(connected), ids);
                CompiledState expected = new StateCompiler(Ownership.DEFAULT, 100).compile(desired, Set.copyOf(connected), ids);
                String at = "seed %d step %d".formatted(seed, step);
                assertThat(got.tables()).as(at).isEqualTo(expected.tables());
                assertThat(got.labels()).as(at).isEqualTo(expected.labels());
                assertThat(got.groupIds()).as(at).isEqualTo(expected.groupIds());
                assertThat(got.buckets()).as(at).isEqualTo(expected.buckets());
                assertThat(got.reports()).as(at).isEqualTo(expected.reports());
                for (Map.Entry<Dpid, TableDelta> e : got.deltas().entrySet()) {
                    SwitchTables from = e.getValue().from();
                    SwitchTables to = got.tables().get(e.getKey());
                    for (boolean removeStale : new boolean[] {true, false}) {
                        assertSamePlan(TableDiff.plan(from, to, removeStale, e.getValue()), TableDiff.plan(from, to, removeStale), at);
                    }
                    patched++;
                }
                switch (rnd.nextInt(6)) {
                    case 0 -> book.fail(got);
                    case 1 -> { } // the run threw before committing anything
                    default -> book.commit(got);
                }
            }
        }
        assertThat(patched).as("switch tables made by patching").isGreaterThan(2_000);
    }

    @Test
    void tunnelsGivenNewLabelsRewriteTheirEntriesAndEveryGroupSendingIntoThem() {
        Map<String, CommodityRoute> state = new LinkedHashMap<>();
        STATES.mutate(state, new Random(7));
        DesiredState desired = new DesiredState(new ArrayList<>(state.values()));
        StateCompiler incremental = new StateCompiler(Ownership.DEFAULT, 100);
        CompiledState first = incremental.compile(desired, STATES.all(), IdBook.EMPTY);
        // Same state, but its labels are all taken on the switches: every tunnel is relabelled.
        IdBook taken = new IdBook(Map.of(), first.groupIds(), Set.copyOf(first.labels().values()), Set.of(), Map.of(), Map.of());
        CompiledState second = incremental.compile(desired, STATES.all(), taken);
        CompiledState expected = new StateCompiler(Ownership.DEFAULT, 100).compile(desired, STATES.all(), taken);
        assertThat(Collections.disjoint(second.labels().values(), first.labels().values())).isTrue();
        assertThat(second.tables()).isEqualTo(expected.tables());
    }

    @Test
    void aSwitchNothingChangedAtKeepsItsTablesAndNeedsNoMessages() {
        Map<String, CommodityRoute> state = new LinkedHashMap<>();
        Dpid s1 = new Dpid(1), s2 = new Dpid(2), s3 = new Dpid(3), s4 = new Dpid(4);
        state.put("a", route(s1, s3, 1, path(s1, s2, s3)));
        state.put("b", route(s4, s3, 1, path(s4, s3)));
        StateCompiler compiler = new StateCompiler(Ownership.DEFAULT, 100);
        CompiledState first = compiler.compile(new DesiredState(new ArrayList<>(state.values())), STATES.all(), IdBook.EMPTY);
        Book book = new Book();
        book.commit(first);
        state.put("a", route(s1, s3, 1, path(s1, s3))); // a leaves s2
        CompiledState second = compiler.compile(new DesiredState(new ArrayList<>(state.values())), STATES.all(), book.ids());

        assertThat(second.tables().get(s4)).isSameAs(first.tables().get(s4));
        assertThat(TableDiff.plan(first.tables().get(s4), second.tables().get(s4), true, second.deltas().get(s4)).values())
                .allSatisfy(m -> assertThat(m).isEmpty());
        assertThat(second.deltas().get(s2).flowKeys()).hasSize(1); // its transit entry for a's old tunnel
        assertThat(TableDiff.plan(first.tables().get(s2), second.tables().get(s2), true, second.deltas().get(s2))
                .get(Phase.REMOVALS)).hasSize(1);
    }

    @Test
    void aSwitchHoldingAnythingElseThanThePreviousCompileGetsAFullDiff() {
        Dpid s1 = new Dpid(1), s2 = new Dpid(2), s3 = new Dpid(3);
        StateCompiler compiler = new StateCompiler(Ownership.DEFAULT, 100);
        DesiredState one = new DesiredState(List.of(route(s1, s3, 1, path(s1, s2, s3))));
        CompiledState first = compiler.compile(one, STATES.all(), IdBook.EMPTY);
        CompiledState second = compiler.compile(one, STATES.all(), IdBook.EMPTY);
        // Read back from the switch with one stray entry of ours: not the tables the delta starts from.
        Map<FlowEntry.Key, FlowEntry> read = new LinkedHashMap<>(first.tables().get(s2).flows());
        FlowEntry stray = TablesBuilder.tunnelEntry(Ownership.DEFAULT, 999, 5, false, IpVersion.V4);
        read.put(stray.key(), stray);
        SwitchTables held = new SwitchTables(read, first.tables().get(s2).groups());

        assertThat(second.deltas().get(s2).flowKeys()).isEmpty();
        assertThat(TableDiff.plan(held, second.tables().get(s2), true, second.deltas().get(s2)).get(Phase.REMOVALS))
                .singleElement().satisfies(m -> assertThat(((OfMessage.FlowMod) m).match()).isEqualTo(stray.match()));
    }

    private static void assertSamePlan(Map<Phase, List<OfMessage>> keyed, Map<Phase, List<OfMessage>> full, String at) {
        for (Phase p : Phase.values()) {
            assertThat(keyed.get(p)).as(at + " " + p).containsExactlyInAnyOrderElementsOf(full.get(p));
        }
    }

    private static List<Hop> path(Dpid... nodes) {
        return RandomStates.hops(List.of(nodes));
    }

    private static CommodityRoute route(Dpid ingress, Dpid egress, double fraction, List<Hop> path) {
        return new CommodityRoute(ingress.value() + "->" + egress.value(), ingress, prefix(egress),
                List.of(new WeightedPath(path, fraction)));
    }

    private static IpPrefix prefix(Dpid egress) {
        return RandomStates.prefix((int) egress.value());
    }
}
