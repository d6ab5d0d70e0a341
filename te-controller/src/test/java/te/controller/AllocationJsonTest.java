package te.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.lp.baseline.Cspf;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

/** The parallel byte rendering is the streamed one, byte for byte; its chunk buffers are never outgrown. */
class AllocationJsonTest {
    private static final AllocationJson.Fields EXTRA = g -> {
        g.writeNumberField("version", 3);
        g.writeStringField("message", "a \"quoted\" note");
    };

    @Test
    void bytesAreTheStreamedRenderingWhateverCommoditiesAreIncluded() throws Exception {
        for (Topology t : List.of(AwkwardIds.topology(), TopologyCatalog.discover().load("Cogentco"))) {
            Allocation a = allocation(t);
            int n = a.problem().commodities().size();
            assertThat(n).as("several chunks").isGreaterThan(t.nodeCount() > 100 ? 2 * AllocationJson.CHUNK : 0);
            List<IntPredicate> filters = List.of(k -> true, k -> k % 3 == 0, k -> false, k -> k == n - 1,
                    k -> k >= AllocationJson.CHUNK && k < 2 * AllocationJson.CHUNK);
            for (IntPredicate include : filters) {
                StringWriter w = new StringWriter();
                AllocationJson.write(a, "total-flow", a.totalFlowMbps(), EXTRA, include, w);
                byte[] bytes = AllocationJson.toBytes(a, "total-flow", a.totalFlowMbps(), EXTRA, include);
                assertThat(new String(bytes, StandardCharsets.UTF_8)).as(t.name()).isEqualTo(w.toString());
            }
        }
    }

    @Test
    void theChunkBoundBoundsTheRenderingWithoutWastingMuch() throws Exception {
        for (Topology t : List.of(AwkwardIds.topology(), TopologyCatalog.discover().load("Abilene"), TopologyCatalog.discover().load("Cogentco"))) {
            Allocation a = allocation(t);
            int n = a.problem().commodities().size();
            int header = AllocationJson.toBytes(a, "total-flow", a.totalFlowMbps(), EXTRA, k -> false).length;
            int commodities = AllocationJson.toBytes(a, "total-flow", a.totalFlowMbps(), EXTRA, k -> true).length - header;
            int[] idBytes = AllocationJson.idBytes(AllocationJson.ids(t));
            int bound = AllocationJson.upperBoundBytes(a, idBytes, 0, n, k -> true);
            assertThat(bound).as(t.name()).isGreaterThanOrEqualTo(commodities).isLessThanOrEqualTo((int) (1.5 * commodities));
            // A one-pair request sizes its buffer for that pair, not for the whole allocation.
            int one = AllocationJson.toBytes(a, "total-flow", a.totalFlowMbps(), EXTRA, k -> k == n - 1).length - header;
            assertThat(AllocationJson.upperBoundBytes(a, idBytes, 0, n, k -> k == n - 1)).as(t.name())
                    .isGreaterThanOrEqualTo(one).isLessThanOrEqualTo(2 * one);
        }
    }

    private static Allocation allocation(Topology t) {
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
        Allocation a = Cspf.allocate(TeProblem.of(t, paths, Commodities.of(new TrafficSpec("gravity", 5, 8).generate(t), paths)));
        assertThat(new AllocationChecker().violations(a, 1.0)).as(t.name()).isEmpty();
        return a;
    }
}
