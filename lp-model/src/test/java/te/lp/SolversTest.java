package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SolversTest {
    @Test
    void unknownSolverNamesTheChoices() {
        assertThatThrownBy(() -> Solvers.byName("cplex"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown solver 'cplex', expected one of [")
                .hasMessageContaining("highs");
    }

    @Test
    void unknownObjectiveNamesTheChoices() {
        assertThatThrownBy(() -> Objective.parse("max-profit"))
                .hasMessage("unknown objective 'max-profit', expected one of [total-flow, concurrent-flow, min-mlu, fair, max-min-fair]");
    }

    @Test
    void objectivesParseByCommandLineOrEnumNameInAnyCase() {
        for (Objective o : Objective.values()) {
            assertThat(Objective.parse(o.cliName())).isEqualTo(o);
            assertThat(Objective.parse(o.cliName().toUpperCase(java.util.Locale.ROOT))).isEqualTo(o);
            assertThat(Objective.parse(o.name())).isEqualTo(o);
        }
        assertThat(Objective.parse("Max-Min-Fair")).isEqualTo(Objective.MAX_MIN_FAIR);
        assertThat(Objective.parse("min_mlu")).isEqualTo(Objective.MIN_MLU);
    }

    @Test
    void onlyFairAndMaxMinFairShareDemandFairly() {
        assertThat(java.util.Arrays.stream(Objective.values()).filter(Objective::sharesDemandFairly))
                .containsExactly(Objective.FAIR, Objective.MAX_MIN_FAIR);
    }
}
