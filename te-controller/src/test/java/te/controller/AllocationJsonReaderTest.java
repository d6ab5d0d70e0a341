package te.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.lp.baseline.Cspf;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

class AllocationJsonReaderTest {
    @Test
    void writtenAllocationsReadBackWithTheSameFlows() throws Exception {
        Topology t = TopologyCatalog.discover().load("Abilene");
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
        TrafficMatrix tm = TrafficSpec.parse("gravity:3,50").generate(t);
        Allocation a = Cspf.allocate(TeProblem.of(t, paths, Commodities.of(tm, paths)));
        StringWriter w = new StringWriter();
        AllocationJson.write(a, "total-flow", a.totalFlowMbps(), g -> g.writeNumberField("version", 9), k -> true, w);

        AllocationJsonReader.Parsed back = AllocationJsonReader.read(t, PathSpec.defaults(), t.capacitiesMbps(),
                w.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(back.fields()).containsEntry("version", "9").containsEntry("objective", "total-flow");
        assertThat(back.allocation().pathFlowsMbps()).containsExactly(a.pathFlowsMbps());
        assertThat(back.allocation().arcLoadMbps()).containsExactly(a.arcLoadMbps());
        assertThat(back.allocation().problem().commodities().size()).isEqualTo(a.problem().commodities().size());
    }

    @Test
    void allocationsThatDoNotFitTheTopologyAreRefusedWithTheReason() {
        Topology t = TopologyCatalog.discover().load("Abilene");
        String unknownNode = "{\"commodities\":[{\"src\":\"0\",\"dst\":\"99\",\"demandMbps\":1,\"paths\":[]}]}";
        assertThatThrownBy(() -> AllocationJsonReader.read(t, PathSpec.defaults(), t.capacitiesMbps(), unknownNode.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("node '99'");
        String missingArc = "{\"commodities\":[{\"src\":\"0\",\"dst\":\"5\",\"demandMbps\":1,"
                + "\"paths\":[{\"nodes\":[\"0\",\"5\"],\"flowMbps\":1}]}]}";
        assertThatThrownBy(() -> AllocationJsonReader.read(t, PathSpec.defaults(), t.capacitiesMbps(), missingArc.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("arc 0->5");
        assertThatThrownBy(() -> AllocationJsonReader.read(t, PathSpec.defaults(), t.capacitiesMbps(), "{\"commodities\":[".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unreadable");
    }
}
