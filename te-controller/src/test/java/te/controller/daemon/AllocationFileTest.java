package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import te.controller.AwkwardIds;
import te.controller.daemon.solve.AllocationPruner;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolveStatus;
import te.lp.TeProblem;
import te.lp.baseline.Cspf;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

/** The persisted allocation reads back bit for bit, and anything else is refused with the reason. */
class AllocationFileTest {
    final Topology t = AwkwardIds.topology();
    final PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);

    private AllocationSnapshot snapshot(Allocation a, long version) {
        assertThat(new AllocationChecker().violations(a, 1.0)).isEmpty();
        AllocationInfo info = new AllocationInfo(Objective.TOTAL_FLOW, a.totalFlowMbps(), "lp+pruned", SolveStatus.TIME_LIMIT,
                "round 2's allocation; \"quoted\", Zürich", 7, 3, 0.5, 0.75, Instant.parse("2026-11-25T12:00:00.123Z"));
        return AllocationSnapshot.of(version, info, a);
    }

    private Allocation cspf(Topology topology, PathSet p, long seed) {
        return Cspf.allocate(TeProblem.of(topology, p, Commodities.of(new TrafficSpec("gravity", seed, 8).generate(topology), p)));
    }

    private static void assertSame(AllocationSnapshot back, AllocationSnapshot s) {
        assertThat(back.version()).isEqualTo(s.version());
        assertThat(back.info()).isEqualTo(s.info());
        Allocation a = s.allocation();
        Allocation b = back.allocation();
        assertThat(b.pathFlowsMbps()).containsExactly(a.pathFlowsMbps());
        Commodities ca = a.problem().commodities();
        Commodities cb = b.problem().commodities();
        assertThat(cb.size()).isEqualTo(ca.size());
        for (int k = 0; k < ca.size(); k++) {
            assertThat(cb.src(k)).isEqualTo(ca.src(k));
            assertThat(cb.dst(k)).isEqualTo(ca.dst(k));
            assertThat(cb.demandMbps(k)).isEqualTo(ca.demandMbps(k));
            PathSet pa = a.problem().paths();
            PathSet pb = b.problem().paths();
            assertThat(pb.pathCount(cb.pairIndex(k))).isEqualTo(pa.pathCount(ca.pairIndex(k)));
            for (int j = 0; j < pa.pathCount(ca.pairIndex(k)); j++) {
                assertThat(pb.pathArcs(pb.firstPath(cb.pairIndex(k)) + j)).containsExactly(pa.pathArcs(pa.firstPath(ca.pairIndex(k)) + j));
            }
        }
        assertThat(b.arcLoadMbps()).containsExactly(a.arcLoadMbps());
        // The JSON the API serves is the same whichever way the snapshot came.
        assertThat(new String(back.json(), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(new String(s.json(), java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void aTopologyWithMoreThan65536ArcsHasItsArcsStoredInFourBytes() {
        int n = 257; // every ordered pair: 65,792 arcs, node 256's from index 65,536 on
        List<te.topology.Node> nodes = new java.util.ArrayList<>();
        List<te.topology.Link> links = new java.util.ArrayList<>();
        for (int u = 0; u < n; u++) {
            nodes.add(new te.topology.Node(u, "n" + u, "n" + u));
            for (int v = 0; v < n; v++) {
                if (u != v) {
                    links.add(new te.topology.Link(links.size(), u, v, 100));
                }
            }
        }
        Topology big = new Topology("complete-257", nodes, links);
        int arc = big.arcIndex(256, 0);
        assertThat(arc).isGreaterThan(0xffff);
        PathSet one = new PathSet(big.contentHash(), PathSpec.defaults(), n, new int[] {256}, new int[] {0}, new int[] {0, 1},
                new int[] {0, 1}, new int[] {arc});
        Allocation a = new Allocation(new TeProblem(big, one, Commodities.of(new int[] {256}, new int[] {0}, new double[] {8},
                new int[] {0}), big.capacitiesMbps()), new double[] {5});
        AllocationSnapshot s = snapshot(a, 1);
        Allocation back = AllocationFile.decode(1, big, PathSpec.defaults(), big.capacitiesMbps(), AllocationFile.encode(s)).allocation();
        assertThat(back.problem().paths().pathArcs(0)).containsExactly(arc);
        assertThat(back.pathFlowsMbps()).containsExactly(5.0);
    }

    @Test
    void anAllocationReadsBackBitForBit() {
        AllocationSnapshot s = snapshot(cspf(t, paths, 5), 4);
        byte[] stored = AllocationFile.encode(s);
        assertThat(AllocationFile.holds(stored)).isTrue();
        assertThat(stored.length).isLessThan(s.json().length);
        assertSame(AllocationSnapshot.parse(4, t, PathSpec.defaults(), t.capacitiesMbps(), stored), s);
    }

    /** The capacities the splits were computed for travel with the file; unknown is said so. */
    @Test
    void theCapacitiesTheSplitsWereComputedForReadBack() {
        AllocationSnapshot s = snapshot(cspf(t, paths, 5), 4);
        double[] drained = t.capacitiesMbps();
        drained[3] = 0;
        assertThat(AllocationFile.computedFor(AllocationFile.encode(s), t)).get().isEqualTo(t.capacitiesMbps());
        assertThat(AllocationFile.computedFor(AllocationFile.encode(s, drained), t)).get().isEqualTo(drained);
        assertThat(AllocationFile.computedFor(AllocationFile.encode(s, null), t)).isEmpty();
        assertThat(AllocationFile.computedFor(s.json(), t)).as("the JSON of earlier builds").isEmpty();
        assertSame(AllocationFile.decode(4, t, PathSpec.defaults(), t.capacitiesMbps(), AllocationFile.encode(s, drained)), s);
    }

    @Test
    void aPrunedAllocationOnReplacementPathsReadsBackWithItsOwnPaths() {
        Allocation a = cspf(t, paths, 9);
        double[] load = a.arcLoadMbps();
        int busiest = 0;
        for (int arc = 0; arc < load.length; arc++) {
            busiest = load[arc] > load[busiest] ? arc : busiest;
        }
        NetworkSnapshot failed = SurvivingPaths.of(t, paths, LinkState.allUp().with(busiest, true), 1);
        Allocation pruned = AllocationPruner.prune(a, te.lp.Objective.TOTAL_FLOW, t, failed).orElseThrow();
        AllocationSnapshot s = snapshot(pruned, 2);
        // Read back over the intact network's capacities: its paths come from the file, not from the network.
        assertSame(AllocationFile.decode(2, t, PathSpec.defaults(), failed.capacityMbps(), AllocationFile.encode(s)), s);
    }

    @Test
    void theJsonOfEarlierBuildsStillReadsBack() {
        AllocationSnapshot s = snapshot(cspf(t, paths, 3), 6);
        assertThat(AllocationFile.holds(s.json())).isFalse();
        assertSame(AllocationSnapshot.parse(6, t, PathSpec.defaults(), t.capacitiesMbps(), s.json()), s);
    }

    @Test
    void whatDoesNotFitIsRefusedWithTheReason() {
        AllocationSnapshot s = snapshot(cspf(t, paths, 5), 4);
        byte[] stored = AllocationFile.encode(s);
        double[] capacity = t.capacitiesMbps();
        assertThatThrownBy(() -> AllocationFile.decode(5, t, PathSpec.defaults(), capacity, stored))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds version 4, file header 5");
        Topology other = TestTopologies.undirected(6, "0-1", "1-2", "2-3", "3-4", "4-5", "5-0");
        assertThatThrownBy(() -> AllocationFile.decode(4, other, PathSpec.defaults(), other.capacitiesMbps(), stored))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("written for a topology of shape");
        assertThatThrownBy(() -> AllocationFile.decode(4, t, PathSpec.defaults(), capacity, Arrays.copyOf(stored, stored.length - 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bytes after the counts");
        assertThatThrownBy(() -> AllocationFile.decode(4, t, PathSpec.defaults(), capacity, Arrays.copyOf(stored, 20)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("allocation file:");

        // The last arc entry of the last path made an arc that does not continue the walk.
        byte[] bent = stored.clone();
        ByteBuffer b = ByteBuffer.wrap(bent).order(ByteOrder.LITTLE_ENDIAN);
        int last = bent.length - 2;
        int arc = Short.toUnsignedInt(b.getShort(last));
        int other2 = (arc + 1) % t.arcCount();
        while (t.arcSrc(other2) == t.arcSrc(arc)) {
            other2 = (other2 + 1) % t.arcCount();
        }
        b.putShort(last, (short) other2);
        assertThatThrownBy(() -> AllocationFile.decode(4, t, PathSpec.defaults(), capacity, bent))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a walk over");
        b.putShort(last, (short) 40_000);
        assertThatThrownBy(() -> AllocationFile.decode(4, t, PathSpec.defaults(), capacity, bent))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(40000)");
    }

    @Test
    void capacitiesMayChangeBetweenRunsTheCheckerThenDecides() {
        AllocationSnapshot s = snapshot(cspf(t, paths, 5), 4);
        java.util.List<te.topology.Link> links = new java.util.ArrayList<>();
        for (int a = 0; a < t.arcCount(); a++) {
            links.add(new te.topology.Link(a, t.arcSrc(a), t.arcDst(a), a == 0 ? 1 : 250));
        }
        Topology upgraded = new Topology(t.name(), t.nodes(), links);
        assertThat(upgraded.contentHash()).isNotEqualTo(t.contentHash());
        Allocation back = AllocationFile.decode(4, upgraded, PathSpec.defaults(), upgraded.capacitiesMbps(), AllocationFile.encode(s))
                .allocation();
        assertThat(back.pathFlowsMbps()).containsExactly(s.allocation().pathFlowsMbps());
        assertThat(back.problem().capacityMbps()).containsExactly(upgraded.capacitiesMbps());
    }

    @Test
    void aDemandOrFlowThatIsNotANumberIsRefused() {
        AllocationSnapshot s = snapshot(cspf(t, paths, 5), 4);
        byte[] stored = AllocationFile.encode(s);
        ByteBuffer b = ByteBuffer.wrap(stored).order(ByteOrder.LITTLE_ENDIAN);
        int fields = b.getInt(8);
        int k = b.getInt(12 + fields);
        int firstDemand = 12 + fields + 12 + 8 * k;
        byte[] nanDemand = stored.clone();
        ByteBuffer.wrap(nanDemand).order(ByteOrder.LITTLE_ENDIAN).putDouble(firstDemand, Double.NaN);
        assertThatThrownBy(() -> AllocationFile.decode(4, t, PathSpec.defaults(), t.capacitiesMbps(), nanDemand))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("demand 0 is NaN");
        int firstFlow = firstDemand + 8 * k + 4 * k + 4 * b.getInt(16 + fields);
        byte[] negativeFlow = stored.clone();
        ByteBuffer.wrap(negativeFlow).order(ByteOrder.LITTLE_ENDIAN).putDouble(firstFlow, -1);
        assertThatThrownBy(() -> AllocationFile.decode(4, t, PathSpec.defaults(), t.capacitiesMbps(), negativeFlow))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("flow 0 is -1.0");
    }

    @Test
    void anyDamagedByteIsRefusedOrReadsAsSomeWellFormedAllocation() {
        AllocationSnapshot s = snapshot(cspf(t, paths, 5), 4);
        byte[] stored = AllocationFile.encode(s);
        Random random = new Random(11);
        int refused = 0;
        for (int trial = 0; trial < 2_000; trial++) {
            byte[] damaged = stored.clone();
            int at = random.nextInt(damaged.length);
            damaged[at] = (byte) (damaged[at] ^ (1 << random.nextInt(8)));
            try {
                Allocation a = AllocationFile.decode(4, t, PathSpec.defaults(), t.capacitiesMbps(), damaged).allocation();
                // Damage the format cannot see (a flow or demand bit, a message character): the
                // state file's CRC catches it on disk; whatever reads back is still well formed.
                Commodities c = a.problem().commodities();
                for (int k = 0; k < c.size(); k++) {
                    assertThat(c.demandMbps(k)).isFinite().isPositive();
                }
                assertThat(java.util.Arrays.stream(a.pathFlowsMbps()).allMatch(f -> f >= 0 && f < Double.POSITIVE_INFINITY)).isTrue();
            } catch (IllegalArgumentException e) {
                assertThat(e).hasMessageStartingWith("allocation");
                refused++;
            }
        }
        assertThat(refused).isPositive();
    }

    @Test
    void aNegativeLengthOfTheFieldsIsRefusedWithTheReason() {
        AllocationSnapshot s = snapshot(cspf(t, paths, 5), 4);
        byte[] stored = AllocationFile.encode(s);
        ByteBuffer.wrap(stored).order(ByteOrder.LITTLE_ENDIAN).putInt(8, -1);
        // Not a NegativeArraySizeException: the caller sets an unreadable file aside on IllegalArgumentException.
        assertThatThrownBy(() -> AllocationFile.decode(4, t, PathSpec.defaults(), t.capacitiesMbps(), stored))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad length of its fields: -1");
    }

    @Test
    void aTopologyWithOtherNodeIdsOrOtherLinksIsAnotherShape() {
        byte[] stored = AllocationFile.encode(snapshot(cspf(t, paths, 5), 4));
        // The same structure with other sites: node indices in the file would name other nodes.
        List<te.topology.Node> renamed = t.nodes().stream().map(n -> new te.topology.Node(n.index(), n.id() + "-b", n.label())).toList();
        Topology other = new Topology(t.name(), renamed, t.links());
        assertThatThrownBy(() -> AllocationFile.decode(4, other, PathSpec.defaults(), other.capacitiesMbps(), stored))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("written for a topology of shape");

        // The same nodes and as many arcs, one link moved (2-3 is now 1-3): arc 0 is 0->1 in both, so
        // a path over it is a walk in both, but the arc indices after it name other links.
        Topology line = TestTopologies.undirected(4, "0-1", "1-2", "2-3");
        Topology star = TestTopologies.undirected(4, "0-1", "1-2", "1-3");
        assertThat(star.arcCount()).isEqualTo(line.arcCount());
        int arc = line.arcIndex(0, 1);
        assertThat(star.arcIndex(0, 1)).isEqualTo(arc);
        PathSet one = new PathSet(line.contentHash(), PathSpec.defaults(), 4, new int[] {0}, new int[] {1}, new int[] {0, 1},
                new int[] {0, 1}, new int[] {arc});
        Allocation a = new Allocation(new TeProblem(line, one, Commodities.of(new int[] {0}, new int[] {1}, new double[] {8},
                new int[] {0}), line.capacitiesMbps()), new double[] {5});
        byte[] onLine = AllocationFile.encode(snapshot(a, 1));
        assertThatThrownBy(() -> AllocationFile.decode(1, star, PathSpec.defaults(), star.capacitiesMbps(), onLine))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("written for a topology of shape");
    }

    @Test
    void anInfiniteFlowOrAZeroDemandIsRefused() {
        byte[] stored = AllocationFile.encode(snapshot(cspf(t, paths, 5), 4));
        ByteBuffer b = ByteBuffer.wrap(stored).order(ByteOrder.LITTLE_ENDIAN);
        int fields = b.getInt(8);
        int k = b.getInt(12 + fields);
        int firstDemand = 12 + fields + 12 + 8 * k;
        int firstFlow = firstDemand + 8 * k + 4 * k + 4 * b.getInt(16 + fields);
        byte[] infiniteFlow = stored.clone();
        ByteBuffer.wrap(infiniteFlow).order(ByteOrder.LITTLE_ENDIAN).putDouble(firstFlow, Double.POSITIVE_INFINITY);
        assertThatThrownBy(() -> AllocationFile.decode(4, t, PathSpec.defaults(), t.capacitiesMbps(), infiniteFlow))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("flow 0 is Infinity");
        byte[] zeroDemand = stored.clone();
        ByteBuffer.wrap(zeroDemand).order(ByteOrder.LITTLE_ENDIAN).putDouble(firstDemand, 0);
        assertThatThrownBy(() -> AllocationFile.decode(4, t, PathSpec.defaults(), t.capacitiesMbps(), zeroDemand))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("demand 0 is 0.0");
    }
}
