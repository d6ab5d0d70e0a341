package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import te.controller.daemon.solve.SolveSettings;
import te.lp.Objective;
import te.lp.Solvers;
import te.topology.Topology;

/**
 * A link comes back while a solve computed for the failed links runs. That solve is
 * published labelled with the new topology version ("it fits the links changed since"); the
 * link-up re-solve must not take its detour splits for ones to keep: the repaired link carries flow again, with or without --restore-splits.
 */
class RevertiveRestoreTest {
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void linkBackUpDuringASolveCarriesFlowAfterItsReSolve(boolean restore, @TempDir Path dir) throws Exception {
        SolveSettings s = new SolveSettings(Objective.TOTAL_FLOW, Solvers.byName("scripted"), 1, 0, 60, 1, new te.lp.pop.RandomPartitioner(), 0, 0, restore, true);
        try (DaemonFixture d = DaemonFixture.startWith(dir, s)) {
            Topology t = d.topology;
            int arc = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":500},{\"src\":\"1\",\"dst\":\"0\",\"demand\":500},{\"src\":\"10\",\"dst\":\"6\",\"demand\":20000}]");
            d.awaitAllocationFor(1, 0);
            long down = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null)).get("topologyVersion").asLong();
            d.awaitAllocationFor(1, down);
            ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
            ScriptedSolverProvider.GATE.set(gate);
            long up;
            try {
                d.send("POST", "/v1/solve", null, null);
                assertThat(gate.entered().await(20, java.util.concurrent.TimeUnit.SECONDS)).as("solve reached the LP").isTrue();
                up = DaemonFixture.json(d.send("POST", "/v1/links/0/1/up", null, null)).get("topologyVersion").asLong();
            } finally {
                ScriptedSolverProvider.GATE.set(null);
                gate.release().countDown();
            }
            d.awaitAllocationFor(1, up);
            String body = d.get("/v1/allocation").body();
            double load = d.checkedAllocation(body, List.of()).arcLoadMbps()[arc];
            assertThat(load).as("restore=%s: the repaired link carries flow after its re-solve", restore).isPositive();
        }
    }
}
