package te.lp.pop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.lp.TeInstances;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

class SkewedPartitionerTest {
    /** 12 sources into 4 sub-problems: sources 0–2 in the first, 3–5 in the second, and so on. */
    @Test
    void contiguousEqualBlocksOfSourcesGoToTheSubProblemsInOrder() {
        Topology ring = TestTopologies.ringWithChords(12);
        TeProblem p = TeInstances.problem(ring, PathSpec.defaults(), TrafficSpec.parse("uniform:1,16").generate(ring));
        ClientSplit pieces = ClientSplit.of(p.commodities(), 0.5);
        int[] sub = new SkewedPartitioner().assign(p, pieces, 4, 1);
        int[] perSub = new int[4];
        for (int i = 0; i < sub.length; i++) {
            int src = p.commodities().src(pieces.origin()[i]);
            assertThat(sub[i]).as("piece %d from node %d", i, src).isEqualTo(src / 3);
            perSub[sub[i]]++;
        }
        assertThat(perSub).doesNotContain(0);
    }
}
