package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class LpUnitsTest {
    private static final List<Function<TeProblem, PathLp>> FORMULATIONS = List.of(
            Formulations::concurrentFlow, Formulations::minMaxUtilisation, p -> Formulations.totalFlow(p, 0));

    /** Links of 250–1,000 Mbps, demands of 25–275. */
    @Test
    void lpsOfGigabitLinksReachTheBackendAsTheyAre() {
        for (var formulation : FORMULATIONS) {
            PathLp lp = formulation.apply(HugeCapacityTest.ring(10, 1, 250));
            LpUnits units = LpUnits.of(lp.model(), lp.pathColumns());
            assertThat(units).isEqualTo(new LpUnits(1, 1, lp.pathColumns()));
            assertThat(units.apply(lp.model())).usingRecursiveComparison().isEqualTo(lp.model());
        }
    }

    /** Every number of the LP comes back exactly when multiplied by its unit again. */
    @Test
    void hugeLpsReachTheBackendWithBoundsBelow2To10AndCostsOfOrderOneExactly() {
        for (var formulation : FORMULATIONS) {
            PathLp lp = formulation.apply(HugeCapacityTest.ring(10, 1, HugeCapacityTest.HUGE));
            LpModel m = lp.model();
            LpUnits units = LpUnits.of(m, lp.pathColumns());
            LpModel s = units.apply(m);
            double largestBound = 0;
            for (int i = 0; i < m.rows(); i++) {
                assertThat(s.rowLower()[i] * units.flowMbps()).isEqualTo(m.rowLower()[i]);
                assertThat(s.rowUpper()[i] * units.flowMbps()).isEqualTo(m.rowUpper()[i]);
                largestBound = Math.max(largestBound, finite(s.rowLower()[i], s.rowUpper()[i]));
            }
            double largestCost = 0;
            for (int j = 0; j < m.columns(); j++) {
                boolean flow = j < lp.pathColumns();
                double boundUnit = flow ? units.flowMbps() : 1;
                assertThat(s.colLower()[j] * boundUnit).isEqualTo(m.colLower()[j]);
                assertThat(s.colUpper()[j] * boundUnit).isEqualTo(m.colUpper()[j]);
                assertThat(s.colCost()[j] * units.objectiveUnit() / (flow ? units.flowMbps() : 1)).isEqualTo(m.colCost()[j]);
                for (int e = m.colStart()[j]; e < m.colStart()[j + 1]; e++) {
                    assertThat(s.value()[e] * (flow ? 1 : units.flowMbps())).isEqualTo(m.value()[e]);
                }
                largestBound = flow ? Math.max(largestBound, finite(s.colLower()[j], s.colUpper()[j])) : largestBound;
                largestCost = Math.max(largestCost, Math.abs(s.colCost()[j]));
            }
            assertThat(largestBound).as(m.toString()).isGreaterThanOrEqualTo(0x1p9).isLessThan(0x1p10);
            assertThat(largestCost).as(m.toString()).isGreaterThanOrEqualTo(1).isLessThan(2);
        }
    }

    /** α or z counted in a unit of its own: its bounds, cost and coefficients exactly, costs still of order 1. */
    @Test
    void anExtraColumnInAUnitOfItsOwnComesBackExactly() {
        for (var formulation : List.<Function<TeProblem, PathLp>>of(Formulations::concurrentFlow, Formulations::minMaxUtilisation)) {
            PathLp lp = formulation.apply(HugeCapacityTest.ring(10, 1, HugeCapacityTest.SMALL));
            LpModel m = lp.model();
            LpUnits units = LpUnits.of(m, lp.pathColumns(), 0x1p-20);
            assertThat(units.extraUnit()).isEqualTo(0x1p-20);
            assertThat(units.changesNothing()).isFalse();
            LpModel s = units.apply(m);
            double largestCost = 0;
            for (int j = lp.pathColumns(); j < m.columns(); j++) {
                assertThat(s.colLower()[j] * units.extraUnit()).isEqualTo(m.colLower()[j]);
                assertThat(s.colUpper()[j] * units.extraUnit()).isEqualTo(m.colUpper()[j]);
                assertThat(s.colCost()[j] * units.objectiveUnit() / units.extraUnit()).isEqualTo(m.colCost()[j]);
                for (int e = m.colStart()[j]; e < m.colStart()[j + 1]; e++) {
                    assertThat(s.value()[e] * units.flowMbps() / units.extraUnit()).isEqualTo(m.value()[e]);
                }
            }
            for (int j = 0; j < m.columns(); j++) {
                largestCost = Math.max(largestCost, Math.abs(s.colCost()[j]));
            }
            assertThat(largestCost).as(m.toString()).isGreaterThanOrEqualTo(1).isLessThan(2);
        }
    }

    private static double finite(double lower, double upper) {
        return Math.max(Double.isFinite(lower) ? Math.abs(lower) : 0, Double.isFinite(upper) ? Math.abs(upper) : 0);
    }

    /**
     * {@link TeSolverContract#tinyLp}, x a flow and y without a unit: the optimum 2.8 at (1.6, 1.2)
     * and the duals (0.4, 0.2) are unique, so an exact backend must give them back as they are.
     */
    @Test
    void aResultInOtherUnitsComesBackInTheModelsOwn() {
        LpModel lp = TeSolverContract.tinyLp();
        for (LpUnits units : List.of(new LpUnits(0x1p-3, 0x1p5, 1), new LpUnits(0x1p20, 0x1p-7, 1), new LpUnits(1, 1, 1, 0x1p-6),
                new LpUnits(0x1p20, 0x1p-7, 1, 0x1p9))) {
            SolveResult r = units.back(Solvers.byName("highs").solve(units.apply(lp), SolverOptions.defaults()));
            assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.OPTIMAL);
            assertThat(r.objective()).as(units.toString()).isCloseTo(2.8, within(1e-9));
            assertThat(r.x()).as(units.toString()).containsExactly(new double[] {1.6, 1.2}, within(1e-9));
            assertThat(r.rowDual()).as(units.toString()).containsExactly(new double[] {0.4, 0.2}, within(1e-9));
        }
    }

    @Test
    void unitsThatAreNotPowersOfTwoAreRefused() {
        assertThatThrownBy(() -> new LpUnits(1000, 1, 0)).hasMessageContaining("flow unit must be a normal power of two, got 1000");
        assertThatThrownBy(() -> new LpUnits(1, 1, 0, 0.001)).hasMessageContaining("extra column unit must be a normal power of two, got 0.001");
        assertThatThrownBy(() -> new LpUnits(1, 0, 0)).hasMessageContaining("objective unit must be a normal power of two, got 0");
        assertThatThrownBy(() -> new LpUnits(1, 1, -1)).hasMessageContaining("flow columns must be >= 0, got -1");
        LpModel empty = new LpModel(true, new double[0], new double[0], new double[0], new double[0], new double[0], new int[] {0},
                new int[0], new double[0]);
        assertThatThrownBy(() -> LpUnits.of(empty, 1)).hasMessageContaining("1 flow columns in a model of 0 columns");
        assertThatThrownBy(() -> new LpUnits(0x1p10, 1, 1).apply(empty)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 flow columns in a model of 0 columns");
    }
}
