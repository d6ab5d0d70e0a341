package te.topology.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The command line's {@code MODEL[:SEED[,SCALE]]}, as a mutation audit (PIT 1.30.2) found them
 * untested in this module: each assertion fails with the mutant named beside it applied by hand.
 */
class TrafficSpecTest {
    private static final String EXPECTED = "expected MODEL[:SEED[,SCALE]] with a decimal integer seed and a plain decimal scale "
            + "(digits, optional point and exponent), e.g. gravity:1,16";

    @Test
    void seedAndScaleAreReadWhereGivenAndDefaultToOne() {
        assertThat(TrafficSpec.parse("Gravity")).isEqualTo(new TrafficSpec("gravity", 1, 1));
        // Mutant: the ":SEED" branch skipped (every seed read as 1).
        assertThat(TrafficSpec.parse(" gravity:-7 ")).isEqualTo(new TrafficSpec("gravity", -7, 1));
        // Mutant: the ",SCALE" branch skipped (every scale read as 1).
        assertThat(TrafficSpec.parse("uniform:7, 2.5e1")).isEqualTo(new TrafficSpec("uniform", 7, 25));
    }

    @Test
    void aMalformedSpecNamesItselfAndTheExpectedForm() {
        // Mutant: the argument-count and seed-digit check removed.
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,2,3")).hasMessage("traffic 'gravity:1,2,3': " + EXPECTED);
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:0x10")).hasMessage("traffic 'gravity:0x10': " + EXPECTED);
        // Mutant: the not-a-decimal check removed (then named as a scale out of range).
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,2d")).hasMessage("traffic 'gravity:1,2d': " + EXPECTED);
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:99999999999999999999"))
                .hasMessage("traffic 'gravity:99999999999999999999': " + EXPECTED + " (the seed is outside the 64-bit range)");
    }

    @Test
    void aScaleThatIsNotAFiniteNumberAboveZeroIsNamedAsTyped() {
        // Mutants: the range check removed, or > 0 made >= 0 (then the record's own message, with 0.0 and Infinity).
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,0")).hasMessage("traffic 'gravity:1,0': the scale must be a finite number > 0, got 0");
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,1e999"))
                .hasMessage("traffic 'gravity:1,1e999': the scale must be a finite number > 0, got 1e999");
        // Read as 0, it was "must be a finite number > 0, got 1e-400" (review).
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,1e-400"))
                .hasMessage("traffic 'gravity:1,1e-400': the scale '1e-400' is too small a number (not 0, but below 4.9e-324, the least a double holds: it would read as 0)");
    }

    /** te compare's header read gravity:1,1.0E-6 for gravity:1,0.000001 or 1e-6, and gravity:1,16.0 for gravity:1,16 (review). */
    @Test
    void aSpecPrintsItsScaleAsAPlainDecimalThatReadsBack() {
        assertThat(TrafficSpec.parse("gravity:1,0.000001")).hasToString("gravity:1,0.000001");
        assertThat(TrafficSpec.parse("gravity:1,1e-6")).hasToString("gravity:1,0.000001");
        assertThat(TrafficSpec.parse("gravity:1,16")).hasToString("gravity:1,16");
        assertThat(TrafficSpec.parse("Uniform:3,2.5e3")).hasToString("uniform:3,2500");
        assertThat(TrafficSpec.parse("bimodal")).hasToString("bimodal:1,1");
        // Beyond 20 characters a plain decimal takes an exponent, as PlainDecimal reads it.
        assertThat(TrafficSpec.parse("gravity:1,1e-20")).hasToString("gravity:1,1e-20");
        for (String text : new String[] {"gravity:1,0.1", "gravity:2,0.30000000000000004", "gravity:1,1e-20", "gravity:1,1.5e300", "gravity:1,123456789012"}) {
            TrafficSpec spec = TrafficSpec.parse(text);
            assertThat(TrafficSpec.parse(spec.toString())).as(text).isEqualTo(spec);
        }
    }

    @Test
    void theRecordRefusesAnUnknownModelAndABadScale() {
        // Mutants: the model check and the scale check removed.
        assertThatThrownBy(() -> new TrafficSpec("gravitee", 1, 1)).hasMessageStartingWith("unknown traffic model 'gravitee', expected one of [");
        assertThatThrownBy(() -> new TrafficSpec("gravity", 1, Double.NaN)).hasMessage("scale factor must be finite and > 0, got NaN");
    }
}
