package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;

/** The way back from an LP's solution to the problem: path flows, arc prices, α or z; and the checks on the column map. */
class PathLpTest {
    /**
     * Three columns: path columns 0 (row 0) and 1 (rows 0 and 1), then α (row 1). Column 0 stands
     * for path variables 0 and 2 (a quarter and three quarters of its flow), column 1 for path
     * variable 1; path variable 3 is fixed without the LP at 4 Mbps, and variable 0 has 0.5 Mbps
     * fixed besides. Arc 0's capacity row is row 1, arc 2's row 0, arc 1 has none.
     */
    private static final LpModel MODEL = new LpModel(true, new double[] {0, 0, 1}, new double[3], new double[] {10, 10, 1},
            new double[] {0, 0}, new double[] {10, 10}, new int[] {0, 1, 3, 4}, new int[] {0, 0, 1, 1}, new double[] {1, 1, 1, 1});

    private static PathLp lp(LpModel model, int[] memberStart, int[] memberPathVariable, double[] memberShare) {
        return new PathLp(model, memberStart, memberPathVariable, memberShare, new double[] {0.5, 0, 0, 4}, new int[] {1, -1, 0},
                Optional.empty(), new int[] {-1});
    }

    private static final PathLp LP = lp(MODEL, new int[] {0, 2, 3}, new int[] {0, 2, 1}, new double[] {0.25, 0.75, 1});

    @Test
    void pathFlowsAreThePresetsPlusEachColumnsFlowSplitByItsMembersShares() {
        double[] x = {8, 2, 0.3};
        assertThat(LP.pathColumns()).isEqualTo(2);
        assertThat(LP.pathVariablesOf(0)).containsExactly(0, 2);
        assertThat(LP.pathVariablesOf(1)).containsExactly(1);
        assertThat(LP.pathFlowsMbps(x)).containsExactly(new double[] {0.5 + 2, 2, 6, 4}, within(1e-12));
        // The presets are not added into: the same solution gives the same flows again.
        assertThat(LP.pathFlowsMbps(x)).containsExactly(new double[] {0.5 + 2, 2, 6, 4}, within(1e-12));
        assertThat(LP.presetFlowMbps()).containsExactly(0.5, 0, 0, 4);
        assertThat(LP.extraValue(x)).isEqualTo(0.3);
    }

    @Test
    void arcPricesAreTheirRowsDualsClampedAtZeroOrTheirMagnitudes() {
        double[] rowDual = {-3, 2};
        assertThat(LP.arcPrices(rowDual)).containsExactly(2, 0, 0);
        assertThat(LP.arcPriceMagnitudes(rowDual)).containsExactly(2, 0, 3);
    }

    @Test
    void aTotalFlowLpHasNoAlphaOrZ() {
        // Two commodities that do not both fit on link 0-1, so the LP has a column: one for both, which
        // cross the same capacity row.
        TeProblem p = TeInstances.problem(TestTopologies.undirected(3, "0-1@1", "1-2@1"), new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=1", "0>2=1"));
        PathLp total = Formulations.totalFlow(p, 0);
        assertThat(total.pathColumns()).isEqualTo(total.model().columns());
        assertThatThrownBy(() -> total.extraValue(new double[total.model().columns()])).isInstanceOf(IllegalStateException.class)
                .hasMessage("this LP has no α or z column: PathLp[LpModel[max, 1 columns, 1 rows, 1 non-zeros], 1 path columns for 2 paths]");
        PathLp concurrent = Formulations.concurrentFlow(p);
        double[] x = new double[concurrent.model().columns()];
        x[x.length - 1] = 0.75;
        assertThat(concurrent.extraValue(x)).isEqualTo(0.75);
    }

    @Test
    void aColumnMapThatDisagreesWithTheModelIsRefused() {
        // As many path columns as the model has columns (total flow) is fine; one more is not.
        LpModel two = new LpModel(true, new double[2], new double[2], new double[] {1, 1}, new double[] {0}, new double[] {1},
                new int[] {0, 1, 2}, new int[] {0, 0}, new double[] {1, 1});
        assertThat(lp(two, new int[] {0, 1, 2}, new int[] {0, 1}, new double[] {1, 1}).pathColumns()).isEqualTo(2);
        assertThatThrownBy(() -> lp(two, new int[] {0, 1, 2, 3}, new int[] {0, 1, 2}, new double[] {1, 1, 1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("column map disagrees with the model: 3 path columns, 3 members, 3 shares, 2 columns");
        assertThatThrownBy(() -> lp(MODEL, new int[] {0, 2, 3}, new int[] {0, 2, 1}, new double[] {0.25, 0.75}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("column map disagrees with the model: 2 path columns, 3 members, 2 shares, 3 columns");
        assertThatThrownBy(() -> lp(MODEL, new int[] {0, 2, 2}, new int[] {0, 2, 1}, new double[] {0.25, 0.75, 1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("column map disagrees with the model: 2 path columns, 3 members, 3 shares, 3 columns");
    }

    @Test
    void everyPartIsRequiredByName() {
        int[] start = {0, 2, 3};
        int[] members = {0, 2, 1};
        double[] shares = {0.25, 0.75, 1};
        double[] preset = new double[4];
        int[] rows = {1, -1, 0};
        int[] groups = {-1};
        Optional<StartingBasis> none = Optional.empty();
        assertThatThrownBy(() -> new PathLp(null, start, members, shares, preset, rows, none, groups)).hasMessage("model");
        assertThatThrownBy(() -> new PathLp(MODEL, start, members, shares, null, rows, none, groups)).hasMessage("presetFlowMbps");
        assertThatThrownBy(() -> new PathLp(MODEL, start, members, shares, preset, null, none, groups)).hasMessage("capacityRowOfArc");
        assertThatThrownBy(() -> new PathLp(MODEL, start, members, shares, preset, rows, null, groups)).hasMessage("startingBasis");
        assertThatThrownBy(() -> new PathLp(MODEL, start, members, shares, preset, rows, none, null)).hasMessage("groupRow");
    }

    @Test
    void withoutStartingBasisKeepsEverythingElse() {
        TeProblem p = TeInstances.problem(TestTopologies.undirected(3, "0-1@1", "1-2@1"), new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=1", "0>2=1"));
        PathLp warm = Formulations.concurrentFlow(p);
        assertThat(warm.startingBasis()).isPresent();
        PathLp cold = warm.withoutStartingBasis();
        assertThat(cold.startingBasis()).isEmpty();
        assertThat(cold).usingRecursiveComparison().ignoringFields("startingBasis").isEqualTo(warm);
    }
}
