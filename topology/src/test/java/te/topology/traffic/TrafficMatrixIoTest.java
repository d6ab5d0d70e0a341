package te.topology.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.topology.Topology;

class TrafficMatrixIoTest {
    private final Topology net = te.topology.TestTopologies.ringWithChords(6);

    @Test
    void csvAndJsonRoundTripExactly(@TempDir Path dir) {
        TrafficMatrix tm = TrafficSpec.parse("gravity:3,8").generate(net);
        for (String name : new String[] {"tm.csv", "tm.json"}) {
            Path file = dir.resolve(name);
            TrafficMatrixIo.write(net, tm, file);
            assertThat(TrafficMatrixIo.read(net, file)).as(name).isEqualTo(tm);
        }
    }

    /** A demand for a node the file has but normalisation dropped says so: "not a node" alone reads as a typo. */
    @Test
    void aNodeDroppedOnLoadingIsNamedAsDropped() {
        Topology net = new Topology("net", List.of(new te.topology.Node(0, "a", "a"), new te.topology.Node(1, "b", "b")),
                List.of(new te.topology.Link(0, 0, 1, 10), new te.topology.Link(1, 1, 0, 10)), List.of(new te.topology.DroppedNode("x", "Island")));
        assertThatThrownBy(() -> TrafficMatrixIo.readCsv(net, "up", new StringReader("a,island,1\nz,b,2\n")))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .hasMessageContaining("line 1: dst 'island' is not a node of net (the file has it, but it was dropped on loading: it lies "
                        + "outside the largest strongly connected component)")
                .hasMessageEndingWith("line 2: src 'z' is not a node of net");
    }

    /** A label two nodes carry is named as such, not as an unknown node. */
    @Test
    void anAmbiguousLabelIsNamedAsSuch() {
        Topology twins = new Topology("twins", List.of(new te.topology.Node(0, "a", "None"), new te.topology.Node(1, "b", "None"),
                new te.topology.Node(2, "c", "Paris")), List.of(new te.topology.Link(0, 0, 1, 10), new te.topology.Link(1, 1, 2, 10),
                new te.topology.Link(2, 2, 0, 10)));
        assertThatThrownBy(() -> TrafficMatrixIo.readCsv(twins, "up", new StringReader("None,c,1\nParis,a,2\nb,Nowhere,3\n")))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .hasMessageContaining("line 1: src 'None' is a label several nodes of twins carry; name the node by its id")
                .hasMessageContaining("line 3: dst 'Nowhere' is not a node of twins")
                .hasMessageNotContaining("line 2");
        assertThat(twins.resolveNode("pARIS")).as("labels are matched ignoring case").isEqualTo(2);
        assertThat(twins.resolveNode("a")).as("an id before a label").isZero();
        assertThatThrownBy(() -> twins.resolveNode("NONE")).isInstanceOf(Topology.AmbiguousNodeException.class);
        Topology cased = new Topology("cased", List.of(new te.topology.Node(0, "a", "Paris"), new te.topology.Node(1, "b", "PARIS")),
                List.of(new te.topology.Link(0, 0, 1, 10), new te.topology.Link(1, 1, 0, 10)));
        assertThatThrownBy(() -> cased.resolveNode("paris")).isInstanceOf(Topology.AmbiguousNodeException.class)
                .hasMessageContaining("node 'paris' is ambiguous in cased");
    }

    @Test
    void aBuilderDroppingUnknownNodesLeavesOutTheirPairsOnlyAndStillRejectsEveryOtherViolation() {
        TrafficMatrixBuilder lenient = TrafficMatrixBuilder.droppingUnknownNodes(net, "stored");
        TrafficMatrix tm = TrafficMatrixIo.readJson(lenient, new ByteArrayInputStream("""
                [{"src":"n0","dst":"n1","demand":1},{"src":"n9","dst":"n1","demand":2},{"src":"n2","dst":"gone","demand":3},
                 {"src":"n2","dst":"n3","demand":0}]""".getBytes(StandardCharsets.UTF_8)));
        assertThat(tm.size()).isEqualTo(2);
        assertThat(tm.demandMbps(0)).isEqualTo(1.0);
        assertThat(lenient.droppedCount()).isEqualTo(2);
        assertThat(lenient.dropped()).containsExactly("n9->n1", "n2->gone");
        // The same input through the strict reader: both unknown nodes are violations.
        assertThatThrownBy(() -> TrafficMatrixIo.readCsv(net, "strict", new StringReader("n0,n1,1\nn9,n1,2\n")))
                .isInstanceOf(TrafficMatrixFormatException.class).hasMessageContaining("src 'n9' is not a node of");
        // Dropping unknown nodes forgives nothing else: a bad demand still rejects the whole input.
        assertThatThrownBy(() -> TrafficMatrixIo.readCsv(TrafficMatrixBuilder.droppingUnknownNodes(net, "stored"),
                new StringReader("n0,n1,-1\nn9,n1,2\nn1,n1,3\n")))
                .isInstanceOf(TrafficMatrixFormatException.class).hasMessageContaining("line 1: demand -1.0 Mbps is invalid")
                .hasMessageContaining("line 3: src and dst are the same node").hasMessageNotContaining("n9");
    }

    @Test
    void csvAcceptsLabelsCommentsAndAnyOrderAndSortsEntries() {
        TrafficMatrix tm = TrafficMatrixIo.readCsv(net, "t.csv", new StringReader("""
                src,dst,demand
                # a comment
                n3,n1,2.5

                n0,n5,1e1
                """));
        assertThat(tm.size()).isEqualTo(2);
        assertThat(tm.src(0)).isZero();
        assertThat(tm.demandMbps(0)).isEqualTo(10.0);
        assertThat(tm.demandMbps(1)).isEqualTo(2.5);
    }

    @Test
    void everyBadCsvRowIsNamedAndNothingIsReturned() {
        assertThatThrownBy(() -> TrafficMatrixIo.readCsv(net, "bad.csv", new StringReader("""
                n0,n1,5
                n0,nX,5
                n2,n2,1
                n1,n0,-3
                n1,n2,NaN
                n1,n3,Infinity
                n0,n1,7
                n4,n5
                n4,n5,lots
                n4,n0,2e9
                n3,n0,0x1p4
                n3,n1,5d
                """)))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .satisfies(e -> assertThat(((TrafficMatrixFormatException) e).violations()).containsExactly(
                        "line 2: dst 'nX' is not a node of g",
                        "line 3: src and dst are the same node 'n2' (self-pairs carry no traffic)",
                        "line 4: demand -3.0 Mbps is invalid; expected a finite number in [0, 1e+09]",
                        "line 5: demand 'NaN' is not a decimal number (Mbps)",
                        "line 6: demand 'Infinity' is not a decimal number (Mbps)",
                        "line 7: pair n0->n1 repeats line 1",
                        "line 8: expected 3 fields src,dst,demand, got 2 in 'n4,n5'",
                        "line 9: demand 'lots' is not a decimal number (Mbps)",
                        "line 10: demand 2.0E9 Mbps is invalid; expected a finite number in [0, 1e+09]",
                        "line 11: demand '0x1p4' is not a decimal number (Mbps)",
                        "line 12: demand '5d' is not a decimal number (Mbps)"))
                .hasMessageStartingWith("bad.csv: rejected, 11 violations");
    }

    /**
     * One line that breaks two rules beside a good one: the count is of violations. It said "2
     * invalid entries" of a file with one.
     */
    @Test
    void theCountIsOfViolationsNotOfEntries() {
        assertThatThrownBy(() -> TrafficMatrixIo.readCsv(net, "tm.csv", new StringReader("""
                n0,n1,5
                n2,n2,-1
                """)))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .satisfies(e -> assertThat(((TrafficMatrixFormatException) e).violations()).hasSize(2))
                .hasMessageStartingWith("tm.csv: rejected, 2 violations\n  line 2: ")
                .hasMessageNotContaining("entries");
    }

    @Test
    void filesThatAreNotUtf8AreRefusedNamingTheByteAsUploadsAre() {
        // "n1" written in Latin-1 with an é after it: a lenient reader would make it "n1\uFFFD".
        byte[] latin1 = "n0,n1\u00e9,5\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> TrafficMatrixIo.read(net, "tm.csv", latin1))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .hasMessageContaining("tm.csv: rejected, 1 violation")
                .hasMessageContaining("the input is not valid UTF-8 at byte 5, expected UTF-8 text");
        byte[] utf16 = "n0,n1,5\n".getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
        assertThatThrownBy(() -> TrafficMatrixIo.read(net, "tm.csv", utf16))
                .hasMessageContaining("not UTF-8 (a zero byte at its start: UTF-16 or UTF-32?)");
        byte[] utf16Bom = "\ufeffn0,n1,5\n".getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
        assertThatThrownBy(() -> TrafficMatrixIo.read(net, "tm.csv", utf16Bom)).hasMessageContaining("starts with a UTF-16 or UTF-32 byte-order mark");
        assertThatThrownBy(() -> TrafficMatrixIo.read(net, "tm.csv", "src,dst,demand\n# none\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .hasMessageContaining("holds no CSV demand entries");
        assertThatThrownBy(() -> TrafficMatrixIo.read(net, "tm.csv", new byte[0])).hasMessageContaining("holds no CSV demand entries");
        assertThat(TrafficMatrixIo.read(net, "tm.json", "[]".getBytes(java.nio.charset.StandardCharsets.UTF_8)).size()).isZero();
        // A byte-order mark is not a problem, and counts in the offset named.
        byte[] bom = "\ufeffn0,n1,5\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(TrafficMatrixIo.read(net, "tm.csv", bom).size()).isEqualTo(1);
        byte[] bomLatin1 = new byte[latin1.length + 3];
        bomLatin1[0] = (byte) 0xef;
        bomLatin1[1] = (byte) 0xbb;
        bomLatin1[2] = (byte) 0xbf;
        System.arraycopy(latin1, 0, bomLatin1, 3, latin1.length);
        assertThatThrownBy(() -> TrafficMatrixIo.read(net, "tm.csv", bomLatin1)).hasMessageContaining("not valid UTF-8 at byte 8,");
    }

    /** 1e-400 Mbps read as 0 and was skipped as a zero demand without a word (review). */
    @Test
    void aDemandTooSmallForADoubleIsRefusedNotReadAsZero() {
        assertThatThrownBy(() -> TrafficMatrixIo.readCsv(net, "tm.csv", new StringReader("n0,n1,5\nn1,n0,1e-400\nn1,n2,0e-400\n")))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .satisfies(e -> assertThat(((TrafficMatrixFormatException) e).violations()).containsExactly(
                        "line 2: demand '1e-400' is too small a number (not 0, but below 4.9e-324, the least a double holds: it would read as 0)"))
                .hasMessageStartingWith("tm.csv: rejected, 1 violation");
        assertThatThrownBy(() -> json("[{\"src\":\"n0\",\"dst\":\"n1\",\"demand\":-2.5e-400},{\"src\":\"n1\",\"dst\":\"n0\",\"demand\":0.0e-400}]"))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .satisfies(e -> assertThat(((TrafficMatrixFormatException) e).violations()).containsExactly(
                        "entry 0: demand '-2.5e-400' is too small a number (not 0, but below 4.9e-324, the least a double holds: it would read as 0)"));
        // Below the normal range but held (subnormal): read, not refused.
        assertThat(TrafficMatrixIo.readCsv(net, "tm.csv", new StringReader("n0,n1,1e-320\n")).demandMbps(0)).isEqualTo(1e-320);
    }

    @Test
    void aRepeatedJsonKeyIsRefusedNotTakenLastWins() {
        assertThatThrownBy(() -> json("[{\"src\":\"n0\",\"dst\":\"n1\",\"demand\":1,\"demand\":7}]"))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .hasMessageContaining("field 'demand' given twice");
    }

    @Test
    void badJsonIsNamed() {
        assertThatThrownBy(() -> json("[{\"src\":\"n0\",\"dst\":\"n1\",\"demand\":\"x\"},{\"src\":\"n0\",\"dst\":\"n9\",\"demand\":1},"
                + "{\"src\":\"n1\",\"dst\":\"n0\"},{\"src\":\"n1\",\"dst\":\"n0\",\"demand\":1,\"extra\":2}, 5]"))
                .isInstanceOf(TrafficMatrixFormatException.class)
                .satisfies(e -> assertThat(((TrafficMatrixFormatException) e).violations()).containsExactly(
                        "entry 0: demand must be a number (Mbps), got the string \"x\"",
                        "entry 1: dst 'n9' is not a node of g",
                        "entry 2: demand is missing",
                        "entry 3: unknown field 'extra' (expected src, dst, demand)",
                        "entry 4: expected an object {\"src\",\"dst\",\"demand\"}, got 5"));
        assertThatThrownBy(() -> json("[{\"src\":null,\"dst\":[1],\"demand\":{\"mbps\":1}}]"))
                .satisfies(e -> assertThat(((TrafficMatrixFormatException) e).violations()).containsExactly(
                        "entry 0: src must be a node id (string or integer), got null",
                        "entry 0: dst must be a node id (string or integer), got an array",
                        "entry 0: demand must be a number (Mbps), got an object"));
        assertThatThrownBy(() -> json("{\"demands\": [], \"x\": 1}")).hasMessageContaining("unexpected field 'x' after the \"demands\" array");
        assertThatThrownBy(() -> json("[{\"src\":"))
                .hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> json("{\"other\": []}"))
                .hasMessageContaining("expected {\"demands\": [ … ]}");
        assertThatThrownBy(() -> json("[] []")).hasMessageContaining("unexpected content after the end");
    }

    @Test
    void jsonObjectFormAndIntegerIdsAreAccepted() {
        TrafficMatrix tm = json("{\"demands\": [{\"src\": \"n1\", \"dst\": \"n2\", \"demand\": 3}]}");
        assertThat(tm.size()).isEqualTo(1);
        assertThat(tm.demandMbps(0)).isEqualTo(3.0);
    }

    @Test
    void writtenCsvIsReadable() throws Exception {
        TrafficMatrix tm = TrafficSpec.parse("uniform:1,1").generate(net);
        StringWriter out = new StringWriter();
        TrafficMatrixIo.writeCsv(net, tm, out);
        assertThat(out.toString()).startsWith("src,dst,demand\nn0,n1,");
        assertThat(TrafficMatrixIo.read(net, "x", out.toString().getBytes(StandardCharsets.UTF_8))).isEqualTo(tm);
    }

    @Test
    void deeplyNestedJsonIsAFormatErrorNotACrash() {
        String deep = "[".repeat(5_000) + "]".repeat(5_000);
        assertThatThrownBy(() -> TrafficMatrixIo.read(net, "deep.json", deep.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(TrafficMatrixFormatException.class).hasMessageContaining("deep.json");
    }

    @Test
    void aHeaderAfterCommentsIsAHeader() {
        TrafficMatrix tm = TrafficMatrixIo.read(net, "c.csv", "# exported\n\nsrc,dst,demand\nn1,n2,3\n".getBytes(StandardCharsets.UTF_8));
        assertThat(tm.size()).isEqualTo(1);
    }

    @Test
    void aByteOrderMarkIsSkipped() {
        byte[] bom = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
        for (String text : List.of("src,dst,demand\nn1,n2,3\n", "[{\"src\":\"n1\",\"dst\":\"n2\",\"demand\":3}]")) {
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            byte[] all = new byte[bom.length + body.length];
            System.arraycopy(bom, 0, all, 0, 3);
            System.arraycopy(body, 0, all, 3, body.length);
            TrafficMatrix tm = TrafficMatrixIo.read(net, "bom", all);
            assertThat(tm.size()).as(text).isEqualTo(1);
            assertThat(tm.demandMbps(0)).isEqualTo(3.0);
        }
    }

    private TrafficMatrix json(String text) {
        return TrafficMatrixIo.readJson(net, "t.json", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** A node may be called "src": its first demand is a row, not a header. */
    @Test
    void aFirstRowFromANodeCalledSrcIsADemandNotAHeader() {
        Topology named = new Topology("named", List.of(new te.topology.Node(0, "src", "src"), new te.topology.Node(1, "dst", "dst"),
                new te.topology.Node(2, "c", "c")), List.of(new te.topology.Link(0, 0, 1, 10), new te.topology.Link(1, 1, 2, 10),
                new te.topology.Link(2, 2, 0, 10)));
        TrafficMatrix tm = TrafficMatrixIo.readCsv(named, "d.csv", new StringReader("src,dst,500\nc,dst,7\n"));
        assertThat(tm.size()).isEqualTo(2);
        assertThat(tm.demandMbps(0)).isEqualTo(500.0);
        // The documented header, or any named demand column, is still a header.
        assertThat(TrafficMatrixIo.readCsv(named, "d.csv", new StringReader("src,dst,demand\nsrc,dst,5\n")).size()).isEqualTo(1);
        assertThat(TrafficMatrixIo.readCsv(named, "d.csv", new StringReader("# x\nSRC,DST,Mbps\nsrc,dst,5\n")).size()).isEqualTo(1);
        // A column name with a digit in it is still a name (a review: demand_v2 was read as a row).
        assertThat(TrafficMatrixIo.readCsv(named, "d.csv", new StringReader("src,dst,demand_v2\nsrc,dst,5\n")).size()).isEqualTo(1);
        assertThat(TrafficMatrixIo.readCsv(named, "d.csv", new StringReader("src,dst,mbps_p95\nc,dst,5\n")).size()).isEqualTo(1);
        // A demand that is no number is a violation, not a header to skip.
        assertThatThrownBy(() -> TrafficMatrixIo.readCsv(named, "d.csv", new StringReader("src,dst,NaN\nc,dst,7\n")))
                .isInstanceOf(TrafficMatrixFormatException.class).hasMessageContaining("line 1: demand 'NaN' is not a decimal number");
        assertThatThrownBy(() -> TrafficMatrixIo.readCsv(named, "d.csv", new StringReader("src,dst,1_000\n")))
                .hasMessageContaining("line 1: demand '1_000' is not a decimal number");
    }

    @Test
    void aFifoOrAFileAboveTheLimitIsRefusedNamingTheFile(@TempDir Path dir) throws Exception {
        Path fifo = te.topology.io.Fifos.make(dir.resolve("tm.csv"));
        assertThatThrownBy(() -> TrafficMatrixIo.read(net, fifo)).isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessageContaining("cannot read traffic matrix").hasMessageContaining("tm.csv")
                .hasRootCauseMessage("it is a FIFO (named pipe), expected a regular file (reading it could wait forever or never end)");
        Path big = dir.resolve("big.csv");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(3L << 30); // sparse
        }
        assertThatThrownBy(() -> TrafficMatrixIo.read(net, big)).isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessageContaining("big.csv")
                .hasRootCauseMessage("the file is 3221225472 bytes (3.0 GiB), above the limit of 1073741824 bytes (1.0 GiB) for an input file");
    }
}
