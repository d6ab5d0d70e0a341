package te.controller.daemon.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QualityValuesTest {
    @Test
    void aListedValueWithAWeightAboveZeroIsAccepted() {
        assertThat(QualityValues.accepts("gzip", "gzip", "*")).isTrue();
        assertThat(QualityValues.accepts("br, GZIP;q=0.8", "gzip", "*")).isTrue();
        assertThat(QualityValues.accepts("gzip; q=1.000", "gzip", "*")).isTrue();
        assertThat(QualityValues.accepts("*", "gzip", "*")).isTrue();
        assertThat(QualityValues.accepts("text/*;q=0.5", "text/csv", "text/*")).isTrue();
    }

    @Test
    void weightZeroAWeightThatIsNoNumberOrNoMentionRefuse() {
        for (String header : new String[] {"", ";", ";;", ",", "br", "gzip;q=0", "gzip;q=0.0", "gzip;q=0.000", "gzip;q=abc",
                "gzip;q=2", "gzip;q=-1", "*;q=0", "gzip;q=0, *"}) {
            assertThat(QualityValues.accepts(header, "gzip", "*")).as("'%s'", header).isFalse();
        }
        assertThat(QualityValues.accepts("text/csv;q=0", "text/csv", "text/*")).isFalse();
        assertThat(QualityValues.accepts("application/json", "text/csv", "text/*")).isFalse();
    }
}
