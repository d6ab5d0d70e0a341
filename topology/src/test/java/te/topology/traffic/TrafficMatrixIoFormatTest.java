package te.topology.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.topology.Topology;

class TrafficMatrixIoFormatTest {
    private final Topology net = te.topology.TestTopologies.ringWithChords(6);

    /** The round trip alone passes with the formats swapped: the reader accepts either. */
    @Test
    void theFileExtensionChoosesTheFormatWritten(@TempDir Path dir) throws Exception {
        TrafficMatrix tm = TrafficSpec.parse("gravity:3,8").generate(net);
        for (String name : new String[] {"tm.json", "TM.JSON"}) {
            TrafficMatrixIo.write(net, tm, dir.resolve(name));
            assertThat(Files.readString(dir.resolve(name))).as(name).startsWith("{\"demands\":[");
        }
        TrafficMatrixIo.write(net, tm, dir.resolve("tm.csv"));
        assertThat(Files.readString(dir.resolve("tm.csv"))).startsWith("src,dst,demand\n");
    }

    /** Every violation is collected: an entry without a demand still has its nodes checked. */
    @Test
    void aJsonEntryWithoutADemandStillHasItsNodesChecked() {
        byte[] text = "[{\"src\":\"n0\",\"dst\":\"n9\"}]".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TrafficMatrixIo.readJson(net, "t.json", new ByteArrayInputStream(text)))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .satisfies(e -> assertThat(((TrafficMatrixFormatException) e).violations()).containsExactlyInAnyOrder(
                        "entry 0: demand is missing", "entry 0: dst 'n9' is not a node of g"));
    }
}
