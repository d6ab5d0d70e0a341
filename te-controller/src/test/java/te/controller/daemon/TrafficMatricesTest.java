package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.topology.traffic.TrafficMatrix;

class TrafficMatricesTest {
    @Test
    void patchOverridesItsPairsAndKeepsTheRest() {
        TrafficMatrix base = new TrafficMatrix(4, new int[] {0, 1, 2}, new int[] {1, 2, 3}, new double[] {1, 2, 3});
        TrafficMatrix patch = new TrafficMatrix(4, new int[] {0, 1, 3}, new int[] {2, 2, 0}, new double[] {9, 0, 4});
        TrafficMatrix merged = TrafficMatrices.merge(base, patch);
        assertThat(merged).isEqualTo(new TrafficMatrix(4, new int[] {0, 0, 1, 2, 3}, new int[] {1, 2, 2, 3, 0},
                new double[] {1, 9, 0, 3, 4}));
        assertThat(TrafficMatrices.merge(base, new TrafficMatrix(4, new int[0], new int[0], new double[0]))).isEqualTo(base);
    }
}
