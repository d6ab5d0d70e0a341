package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StartingBasisTest {
    private static final BasisStatus B = BasisStatus.BASIC;
    private static final BasisStatus L = BasisStatus.LOWER;
    private static final BasisStatus U = BasisStatus.UPPER;

    @Test
    void aBasisNeedsOneBasicEntryPerRow() {
        assertThatThrownBy(() -> new StartingBasis(new BasisStatus[] {B, L}, new BasisStatus[] {U, L}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a basis needs 2 basic entries (one per row), got 1");
        assertThatThrownBy(() -> new StartingBasis(new BasisStatus[] {B, B}, new BasisStatus[] {B, L}))
                .hasMessage("a basis needs 2 basic entries (one per row), got 3");
        assertThat(new StartingBasis(new BasisStatus[] {B, U}, new BasisStatus[] {B, L}).rows()).hasSize(2);
    }

    @Test
    void aDualStartPaysAndHasNoBudgetUnlessGivenOne() {
        StartingBasis dual = new StartingBasis(new BasisStatus[] {B, U}, new BasisStatus[] {L});
        assertThat(dual.simplexPays()).isTrue();
        assertThat(dual.primal()).isFalse();
        assertThat(dual.iterationBudget()).isZero();
        assertThat(new StartingBasis(dual.columns(), dual.rows(), false).simplexPays()).isFalse();

        StartingBasis tried = new StartingBasis(dual.columns(), dual.rows(), false).withIterationBudget(7);
        assertThat(tried.iterationBudget()).isEqualTo(7);
        assertThat(tried.asPrimal()).as("primal keeps the rest")
                .isEqualTo(new StartingBasis(dual.columns(), dual.rows(), false, true, 7));
        assertThat(tried.asPrimal().asDual()).isEqualTo(tried);
    }

    @Test
    void anIterationBudgetIsPositiveOrZeroForNone() {
        StartingBasis dual = new StartingBasis(new BasisStatus[] {B}, new BasisStatus[] {U});
        assertThatThrownBy(() -> dual.withIterationBudget(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an iteration budget must be >= 1, got 0");
        assertThat(dual.withIterationBudget(1).iterationBudget()).isEqualTo(1);
        assertThatThrownBy(() -> new StartingBasis(dual.columns(), dual.rows(), true, false, -1))
                .hasMessage("an iteration budget must be >= 0 (0: none), got -1");
    }
}
