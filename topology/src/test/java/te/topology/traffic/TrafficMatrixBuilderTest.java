package te.topology.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.StringReader;
import org.junit.jupiter.api.Test;
import te.topology.Topology;

/**
 * Demand entries at their limits, as a mutation audit (PIT 1.30.2) found them untested: each test
 * fails with the mutant named in its comment applied by hand.
 */
class TrafficMatrixBuilderTest {
    private final Topology net = te.topology.TestTopologies.ringWithChords(6);

    private TrafficMatrix csv(String text) {
        return TrafficMatrixIo.readCsv(net, "up", new StringReader(text));
    }

    /** Mutants: demand < 0 made <= 0, > 1e9 made >= 1e9 (a zero or the largest demand refused). */
    @Test
    void aZeroDemandAndTheLargestOneAreTaken() {
        TrafficMatrix tm = csv("n0,n1,0\nn0,n2,1e9\n");
        assertThat(tm.demandMbps(0)).isZero();
        assertThat(tm.demandMbps(1)).isEqualTo(TrafficMatrixBuilder.MAX_DEMAND_MBPS);
    }

    /** Mutant: the sort key src * n + dst made src * n - dst (destinations of one source in reverse, refused by TrafficMatrix). */
    @Test
    void entriesAreSortedBySourceThenDestination() {
        TrafficMatrix tm = csv("n1,n0,1\nn0,n2,2\nn0,n1,3\n");
        assertThat(new int[][] {{tm.src(0), tm.dst(0)}, {tm.src(1), tm.dst(1)}, {tm.src(2), tm.dst(2)}})
                .isEqualTo(new int[][] {{0, 1}, {0, 2}, {1, 0}});
    }

    /** Mutant: s >= 0 made s > 0 (a pair from node 0 given twice went unnamed). */
    @Test
    void aRepeatedPairFromTheFirstNodeIsNamed() {
        assertThatThrownBy(() -> csv("n0,n1,1\nn0,n1,2\n")).isInstanceOf(TrafficMatrixFormatException.class)
                .hasMessageContaining("line 2: pair n0->n1 repeats line 1");
    }

    /** Mutant: demand + 0.0 made demand - 0.0 (a "-0" demand stored as -0.0 and served back as "-0.0"). */
    @Test
    void aMinusZeroDemandIsStoredAsZero() {
        assertThat(Double.toString(csv("n0,n1,-0\n").demandMbps(0))).isEqualTo("0.0");
    }

    /** Mutant: the missing-node check removed (an empty field named as a node 'that is not a node'). */
    @Test
    void anEmptyNodeFieldIsMissingNotUnknown() {
        assertThatThrownBy(() -> csv(",n1,1\n")).hasMessageEndingWith("line 1: src is missing");
    }

    /** Mutants: the cap of listed violations moved by one, its "further violations" line or count dropped. */
    @Test
    void violationsPastAThousandAreCountedNotListed() {
        String bad = "n0,n0,1\n".repeat(1002);
        TrafficMatrixFormatException e = catchThrowableOfType(TrafficMatrixFormatException.class, () -> csv(bad));
        assertThat(e.count()).isEqualTo(1002);
        assertThat(e.violations()).hasSize(1001).last().isEqualTo("… 2 further violations not listed");
    }

    /** Mutants: each of TrafficMatrix's own checks removed or moved by one. */
    @Test
    void aMatrixRefusesArraysThatDoNotDescribeOne() {
        double[] one = {1};
        assertThatThrownBy(() -> new TrafficMatrix(3, new int[] {0}, new int[] {1, 2}, one)).hasMessage("array lengths differ: src=1 dst=2 demand=1");
        assertThatThrownBy(() -> new TrafficMatrix(3, new int[] {0}, new int[] {3}, one))
                .hasMessage("entry 0 (0->3): nodes must be distinct and in 0..2");
        assertThatThrownBy(() -> new TrafficMatrix(3, new int[] {-1}, new int[] {0}, one)).hasMessageStartingWith("entry 0 (-1->0)");
        assertThatThrownBy(() -> new TrafficMatrix(3, new int[] {3}, new int[] {0}, one)).hasMessageStartingWith("entry 0 (3->0)");
        assertThatThrownBy(() -> new TrafficMatrix(3, new int[] {1}, new int[] {1}, one)).hasMessageStartingWith("entry 0 (1->1)");
        assertThatThrownBy(() -> new TrafficMatrix(3, new int[] {0, 0}, new int[] {2, 1}, new double[] {1, 1}))
                .hasMessage("entry 1 (0->1): entries must be sorted by (src, dst) without duplicates");
        assertThatThrownBy(() -> new TrafficMatrix(3, new int[] {0, 0}, new int[] {1, 1}, new double[] {1, 1}))
                .hasMessageStartingWith("entry 1 (0->1): entries must be sorted");
        assertThatThrownBy(() -> new TrafficMatrix(3, new int[] {1, 0}, new int[] {0, 2}, new double[] {1, 1}))
                .hasMessage("entry 1 (0->2): entries must be sorted by (src, dst) without duplicates");
        // Sorted by source first: (0, 2) before (1, 0), though 2 > 0.
        assertThat(new TrafficMatrix(3, new int[] {0, 1, 2}, new int[] {2, 0, 0}, new double[] {1, 1, 1}).size()).isEqualTo(3);
        assertThat(new TrafficMatrix(3, new int[] {0, 2}, new int[] {1, 1}, new double[] {1, 1}).size()).isEqualTo(2);
    }
}
