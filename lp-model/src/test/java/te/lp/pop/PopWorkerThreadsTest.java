package te.lp.pop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.lp.AllocationChecker;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeInstances;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

/** The daemon solves again and again: a pool left without shutdown would keep its workers forever, two more per solve. */
class PopWorkerThreadsTest {
    @Test
    void noWorkerOutlivesTheSolve() throws InterruptedException {
        Topology net = TestTopologies.ringWithChords(14);
        TeProblem p = TeInstances.problem(net, PathSpec.defaults(), TrafficSpec.parse("gravity:1,128").generate(net));
        PopResult r = new PopSolver(Solvers.byName("highs"), new PopOptions(4, 0, 1, new RandomPartitioner(), 2, new SolverOptions(60, 1, false)))
                .solve(p, Objective.TOTAL_FLOW);
        assertThat(r.ok()).as(r.message()).isTrue();
        assertThat(new AllocationChecker().violations(r.allocation().orElseThrow(), 1)).isEmpty();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("pop-solve")) {
                t.join(10_000); // a shut-down pool's idle workers exit at once; a live pool's never do
                assertThat(t.isAlive()).as("%s still alive after the solve returned", t).isFalse();
            }
        }
    }
}
