package te.lp;

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
}
