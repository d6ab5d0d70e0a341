package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.solve.SolveSettings;
import te.lp.Allocation;
import te.lp.Objective;
import te.lp.Solvers;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficSpec;

/**
 * The daemon serves allocations whose flow was moved onto shorter paths (Abilene concurrent flow,
 * where the solver's vertex leaves flow on longer paths with room), and a re-solve still gets the
 * served splits put back; with {@code --no-shorter-paths} it serves the solver's vertex.
 */
class ShorterPathsInDaemonTest {
    @Test
    void servedAllocationsAreShorterAtTheSameObjectiveAndServedSplitsStillComeBack(@TempDir Path dir) {
        double[] hops = new double[2];
        double[] alpha = new double[2];
        for (int on = 0; on < 2; on++) {
            SolveSettings s = new SolveSettings(Objective.CONCURRENT_FLOW, Solvers.byName("scripted"), 1, 0, 60, 1,
                    new te.lp.pop.RandomPartitioner(), 0, 0, true, on == 1);
            try (DaemonFixture d = DaemonFixture.startWith(dir.resolve("state" + on), s)) {
                TrafficMatrix tm = TrafficSpec.parse("gravity:1,400").generate(d.topology);
                d.putMatrix(tm);
                d.awaitAllocationFor(1, 0);
                Allocation first = d.checkedAllocation(d.get("/v1/allocation").body(), List.of());
                hops[on] = first.meanPathHops();
                alpha[on] = first.minDemandShare();

                d.putMatrix(jittered(tm, 0.05));
                d.awaitAllocationFor(2, 0);
                String body = d.get("/v1/allocation").body();
                assertThat(DaemonFixture.json(d.get("/v1/allocation")).get("message").asText()).as("shorter=%s", on == 1)
                        .contains("served splits of allocation version 1 kept for");
                d.checkedAllocation(body, List.of());
            }
        }
        assertThat(alpha[1]).isCloseTo(alpha[0], org.assertj.core.api.Assertions.within(1e-6));
        assertThat(hops[1]).as("mean hops with shorter paths, without: %s", hops[0]).isLessThan(hops[0] - 0.02);
    }

    /** @return {@code tm} with each demand scaled by a seeded factor within ±{@code jitter} */
    private static TrafficMatrix jittered(TrafficMatrix tm, double jitter) {
        Random random = new Random(7);
        double[] demand = tm.demandArray();
        for (int i = 0; i < demand.length; i++) {
            demand[i] *= 1 + jitter * (2 * random.nextDouble() - 1);
        }
        return new TrafficMatrix(tm.nodeCount(), tm.srcArray(), tm.dstArray(), demand);
    }
}
