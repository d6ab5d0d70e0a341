package te.topology.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.topology.Topology;
import te.topology.TopologyFormatException;

class TopologyReaderTest {
    private final TopologyReader reader = new TopologyReader();

    private static String graphml(String edgeDefault, String body) {
        return """
                <?xml version="1.0" encoding="utf-8"?>
                <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
                  <key attr.name="LinkSpeedRaw" attr.type="double" for="edge" id="d1"/>
                  <key attr.name="label" attr.type="string" for="node" id="d0"/>
                  <graph edgedefault="%s">
                %s
                  </graph>
                </graphml>
                """.formatted(edgeDefault, body);
    }

    private Topology read(String text) {
        return reader.read("test.graphml", text.getBytes(StandardCharsets.UTF_8));
    }

    private static final String TRIANGLE = """
            <node id="a"><data key="d0">Alpha</data></node>
            <node id="b"/>
            <node id="c"/>
            <edge source="a" target="b"/>
            <edge source="b" target="c"/>
            <edge source="c" target="a"/>
            """;

    @Test
    void undirectedLinksBecomeTwoArcsSortedBySourceThenTarget() {
        Topology t = read(graphml("undirected", TRIANGLE));
        assertThat(t.nodeCount()).isEqualTo(3);
        assertThat(t.arcCount()).isEqualTo(6);
        assertThat(t.links()).extracting(l -> l.src() + ">" + l.dst())
                .containsExactly("0>1", "0>2", "1>0", "1>2", "2>0", "2>1");
        assertThat(t.nodes().get(0).label()).isEqualTo("Alpha");
        assertThat(t.nodes().get(1).label()).isEqualTo("b");
        assertThat(t.resolveNode("alpha")).isZero();
        assertThat(t.resolveNode("c")).isEqualTo(2);
    }

    @Test
    void directedGraphKeepsOneArcPerEdgeAndDropsNodesOutsideTheLargestScc() {
        Topology t = read(graphml("directed", TRIANGLE + "<node id=\"d\"/><edge source=\"a\" target=\"d\"/>"));
        assertThat(t.nodeCount()).isEqualTo(3);
        assertThat(t.arcCount()).isEqualTo(3);
        assertThat(t.nodeById("d")).isEmpty();
        assertThat(t.droppedNodes()).containsExactly(new te.topology.DroppedNode("d", "d"));
        assertThatThrownBy(() -> t.resolveNode("d")).hasMessage("node 'd' of test was dropped on loading: it lies outside the largest "
                + "strongly connected component, which kept 3 of the file's 4 nodes (expected one of their ids or labels)");
        assertThatThrownBy(() -> t.resolveNode("e")).hasMessage("unknown node 'e' in test (expected one of its 3 node ids or labels)");
    }

    @Test
    void parallelLinksCollapseAndSumFileCapacities() {
        Topology t = read(graphml("undirected", """
                <node id="a"/><node id="b"/>
                <edge source="a" target="b"><data key="d1">1e9</data></edge>
                <edge source="b" target="a"><data key="d1">2.5e9</data></edge>
                """));
        assertThat(t.arcCount()).isEqualTo(2);
        assertThat(t.links()).allSatisfy(l -> assertThat(l.capacityMbps()).isEqualTo(3500.0));
    }

    @Test
    void parallelLinksWithoutCapacityGetTheDefaultOnceAsTheReferenceDoes() {
        Topology t = new TopologyReader(new LoadOptions(40.0)).read("x.graphml", graphml("undirected", """
                <node id="a"/><node id="b"/>
                <edge source="a" target="b"/><edge source="a" target="b"/>
                """).getBytes(StandardCharsets.UTF_8));
        assertThat(t.links()).allSatisfy(l -> assertThat(l.capacityMbps()).isEqualTo(40.0));
    }

    @Test
    void selfLoopsAreKeptAsOneArcLikeTheReference() {
        Topology t = read(graphml("undirected", TRIANGLE + "<edge source=\"b\" target=\"b\"/>"));
        assertThat(t.arcCount()).isEqualTo(7);
        assertThat(t.arcIndex(1, 1)).isNotNegative();
    }

    @Test
    void nodeLinkJsonIsReadWithItsCapacities() {
        String json = """
                {"directed": true, "nodes": [{"id": 0}, {"id": "x"}],
                 "links": [{"source": 0, "target": "x", "capacity": 10.5}, {"source": "x", "target": 0}]}
                """;
        Topology t = reader.read("b.json", json.getBytes(StandardCharsets.UTF_8));
        assertThat(t.arcCount()).isEqualTo(2);
        assertThat(t.capacityMbps(t.arcIndex(0, 1))).isEqualTo(10.5);
        assertThat(t.capacityMbps(t.arcIndex(1, 0))).isEqualTo(LoadOptions.REFERENCE_CAPACITY_MBPS);
    }

    @Test
    void notXmlIsNamed() {
        assertThatThrownBy(() -> read("<graphml><graph>"))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("test.graphml: ");
        assertThatThrownBy(() -> read("<html><body/></html>"))
                .hasMessageContaining("root element is <html>, expected <graphml>");
    }

    @Test
    void unknownFormatAndEmptyFileAreNamed() {
        assertThatThrownBy(() -> reader.read("t.txt", "a b 10\n".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageContaining("t.txt: unknown format");
        assertThatThrownBy(() -> reader.read("t.graphml", new byte[0]))
                .hasMessage("t.graphml: the file is empty (or only whitespace)");
    }

    @Test
    void missingEndpointIsNamed() {
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><edge source=\"a\" target=\"zz\"/>")))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageContaining("test.graphml")
                .hasMessageContaining("zz");
    }

    @Test
    void duplicateNodeIdIsNamed() {
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><node id=\"a\"/>")))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessage("test.graphml: <node id=\"a\">: line 6, column 29: node id 'a' given twice (first at line 6, column 15); "
                        + "expected unique node ids");
    }

    /** JGraphT drops data under an undeclared key without a word: a capacity under a mistyped key became the default. */
    @Test
    void dataUnderAnUndeclaredKeyIsNamed() {
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><node id=\"b\"/>\n"
                + "<edge id=\"e1\" source=\"a\" target=\"b\"><data key=\"d2\">1e9</data></edge>")))
                .hasMessage("test.graphml: <edge id=\"e1\">: line 7, column 52: <data key=\"d2\"> names no declared <key>; expected one of [d0, d1]");
        // A key declared after its first use is declared all the same.
        String late = graphml("undirected", "<node id=\"a\"/><node id=\"b\"/><edge source=\"a\" target=\"b\"><data key=\"d9\">1e9</data></edge>")
                .replace("</graphml>", "<key attr.name=\"x\" attr.type=\"string\" for=\"edge\" id=\"d9\"/></graphml>");
        assertThat(read(late).nodeCount()).isEqualTo(2);
    }

    /** JGraphT's own refusals ("Target vertex c not found", "Node id missing") named neither the line nor what was expected. */

    /**
     * JGraphT also drops data under a key declared for other elements, or declared without
     * {@code for} (GraphML's default, all): an edge's LinkSpeedRaw under such a key read 1000 Mbps.
     */
    @Test
    void dataUnderAKeyForOtherElementsOrForNoneIsNamed() {
        String edge = "<node id=\"a\"/><node id=\"b\"/>\n<edge id=\"e1\" source=\"a\" target=\"b\"><data key=\"d1\">1e10</data></edge>";
        for (String domain : List.of("node", "graph", "port")) {
            assertThatThrownBy(() -> read(graphml("undirected", edge).replace("for=\"edge\" id=\"d1\"", "for=\"%s\" id=\"d1\"".formatted(domain))))
                    .isInstanceOf(TopologyFormatException.class)
                    .hasMessage(("test.graphml: <edge id=\"e1\">: line 7, column 52: <data key=\"d1\"> under <edge> names a <key> declared "
                            + "for=\"%s\"; expected for=\"edge\" or for=\"all\" on that <key> (the importer drops data under a key for "
                            + "other elements)").formatted(domain));
        }
        assertThatThrownBy(() -> read(graphml("undirected", edge).replace(" for=\"edge\" id=\"d1\"", " id=\"d1\"")))
                .hasMessageContaining("<data key=\"d1\"> under <edge> names a <key> declared without for=; expected for=\"edge\" or "
                        + "for=\"all\"");
        assertThat(read(graphml("undirected", edge).replace("for=\"edge\" id=\"d1\"", "for=\"all\" id=\"d1\"")).capacityMbps(0))
                .isEqualTo(10_000.0);
        // A port's data is its node's, as the importer reads it: a label under a key for ports would be dropped.
        String port = "<node id=\"a\"><port name=\"p\"><data key=\"d0\">Alpha</data></port></node><node id=\"b\"/>"
                + "<edge source=\"a\" target=\"b\"/>";
        assertThat(read(graphml("undirected", port)).nodes().get(0).label()).isEqualTo("Alpha");
        assertThatThrownBy(() -> read(graphml("undirected", port).replace("for=\"node\" id=\"d0\"", "for=\"port\" id=\"d0\"")))
                .hasMessageContaining("<node id=\"a\">").hasMessageContaining("<data key=\"d0\"> under <node> names a <key> declared for=\"port\"");
        // Graph data under a key for graphs, as every Zoo file has, is read as before.
        assertThat(read(graphml("undirected", "<data key=\"g0\">Net</data>" + edge)
                .replace("<graph ", "<key attr.name=\"label\" for=\"graph\" id=\"g0\"/><graph ")).nodeCount()).isEqualTo(2);
    }
    @Test
    void nodesWithoutIdsAndEdgesToNoNodeAreNamedWithTheirLine() {
        String two = "<node id=\"a\"/><node id=\"b\"/>\n";
        assertThatThrownBy(() -> read(graphml("undirected", two + "<edge id=\"e1\" source=\"a\" target=\"c\"/>")))
                .hasMessage("test.graphml: <edge id=\"e1\">: line 7, column 38: target 'c' is not a node of the graph; expected the id of a <node>");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<node/><edge source=\"a\" target=\"b\"/>")))
                .hasMessage("test.graphml: <node>: line 7, column 8: a node without an id; expected <node id=\"...\">");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<edge target=\"b\"/>")))
                .hasMessage("test.graphml: <edge>: line 7, column 19: an edge without a source; expected <edge source=\"...\" target=\"...\"> "
                        + "naming two nodes");
        // An edge may come before the nodes it joins.
        assertThat(read(graphml("undirected", "<edge source=\"a\" target=\"b\"/>\n" + two)).nodeCount()).isEqualTo(2);
    }

    @Test
    void negativeNanAndTextCapacitiesAreNamed() {
        String two = "<node id=\"a\"/><node id=\"b\"/>";
        assertThatThrownBy(() -> read(graphml("undirected", two + "<edge source=\"a\" target=\"b\"><data key=\"d1\">-5</data></edge>")))
                .hasMessage("test.graphml: edge #0 (a-b): LinkSpeedRaw must be a number of bits per second from 1 (1 bit/s) to 1e+15 (1 Pbit/s), got '-5'");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<edge source=\"a\" target=\"b\"><data key=\"d1\"> 1e30 </data></edge>")))
                .hasMessage("test.graphml: edge #0 (a-b): LinkSpeedRaw must be a number of bits per second from 1 (1 bit/s) to 1e+15 (1 Pbit/s), got '1e30'");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<edge source=\"a\" target=\"b\"><data key=\"d1\">NaN</data></edge>")))
                .hasMessageContaining("edge #0 (a-b)").hasMessageContaining("got 'NaN'");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<edge source=\"a\" target=\"b\"><data key=\"d1\">fast</data></edge>")))
                .hasMessageContaining("LinkSpeedRaw must be a decimal number of bits per second, got 'fast'");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<edge source=\"a\" target=\"b\"><data key=\"d1\">0x1p40</data></edge>")))
                .hasMessageContaining("got '0x1p40'");
        String json = "{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":-1}]}";
        assertThatThrownBy(() -> reader.read("n.json", json.getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("n.json: links[0] (1->2): capacity must be a number from 1e-06 Mbps (1 bit/s) to 1e+09 Mbps (1 Pbit/s), got -1.0");
        String huge = "{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":1.2e49}]}";
        assertThatThrownBy(() -> reader.read("n.json", huge.getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("n.json: links[0] (1->2): capacity must be a number from 1e-06 Mbps (1 bit/s) to 1e+09 Mbps (1 Pbit/s), got 1.2E49");
        // Below a bit per second is a unit mistake; 4.9e-324 was accepted and reported as 0.000.
        String tiny = "{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":4.9e-324}]}";
        assertThatThrownBy(() -> reader.read("n.json", tiny.getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("n.json: links[0] (1->2): capacity must be a number from 1e-06 Mbps (1 bit/s) to 1e+09 Mbps (1 Pbit/s), got 4.9E-324");
        String bitPerSecond = "{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":1e-6}]}";
        assertThat(reader.read("n.json", bitPerSecond.getBytes(StandardCharsets.UTF_8)).links().get(0).capacityMbps()).isEqualTo(1e-6);
    }

    @Test
    void aDefaultCapacityOutsideOneBitToOnePetabitPerSecondIsNamed() {
        for (double mbps : new double[] {0, 1e-9, 2e9, Double.NaN}) {
            assertThatThrownBy(() -> new LoadOptions(mbps)).as("%s", mbps)
                    .hasMessage("default capacity must be a number of Mbps from 1e-06 (1 bit/s) to 1e+09 (--default-capacity), got " + mbps);
        }
        assertThat(new LoadOptions(1e-6).defaultCapacityMbps()).isEqualTo(1e-6);
    }

    @Test
    void emptyGraphAndLinklessGraphAreRejected() {
        assertThatThrownBy(() -> read(graphml("undirected", "")))
                .hasMessage("test.graphml: the graph has no nodes (expected at least 2)");
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><node id=\"b\"/>")))
                .hasMessageContaining("largest strongly connected component has 1 node(s)");
    }

    @Test
    void aGraphWithoutTwoNodesThatReachEachOtherSaysWhyFromWhatTheFileHas() {
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><node id=\"b\"/>")))
                .hasMessage("test.graphml: the largest strongly connected component has 1 node(s); expected at least 2 (the file has no links)");
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><node id=\"b\"/><edge source=\"a\" target=\"a\"/>")))
                .hasMessageEndingWith("expected at least 2 (the file's only links are self-loops)");
        // It has links: asking whether it has any misled.
        assertThatThrownBy(() -> read(graphml("directed", "<node id=\"a\"/><node id=\"b\"/><node id=\"c\"/>"
                + "<edge source=\"a\" target=\"b\"/><edge source=\"b\" target=\"c\"/>")))
                .hasMessageEndingWith("expected at least 2 (the file's links are directed and form no cycle: no two nodes reach each other)");
    }

    @Test
    void nodesAndLinksThatAreNotObjectsOrLackTheirIdsAreNamedAsSuch() {
        assertThatThrownBy(() -> json("{\"nodes\":[1,2],\"links\":[]}"))
                .hasMessage("t.json: nodes[0]: expected an object {\"id\": ...}, got 1");
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[[1,2]]}"))
                .hasMessage("t.json: links[0]: expected an object {\"source\": ..., \"target\": ...}, got [1,2]");
        assertThatThrownBy(() -> json("{\"nodes\":[{\"name\":\"x\"}],\"links\":[]}"))
                .hasMessage("t.json: nodes[0]: 'id' is missing; expected a non-empty string or integer");
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1}]}"))
                .hasMessage("t.json: links[0]: 'target' is missing; expected a non-empty string or integer");
        // Mutant: the id type check removed (null, true and 1.5 read as ids "null", "true" and "1.5").
        for (String id : new String[] {"null", "true", "1.5"}) {
            assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":%s},{\"id\":2}],\"links\":[]}".formatted(id)))
                    .hasMessage("t.json: nodes[0]: 'id' must be a non-empty string or integer, got " + id);
        }
    }

    @Test
    void badJsonShapesAreNamed() {
        assertThatThrownBy(() -> reader.read("j.json", "{\"nodes\": 3}".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("j.json: expected an array 'nodes' at the top level");
        assertThatThrownBy(() -> reader.read("j.json", "{\"nodes\": [{}], \"links\": []}".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("j.json: nodes[0]: 'id' is missing; expected a non-empty string or integer");
        assertThatThrownBy(() -> reader.read("j.json", "{\"nodes\": [".getBytes(StandardCharsets.UTF_8)))
                .hasMessageStartingWith("j.json: not valid JSON");
        String both = "{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2}],\"edges\":[]}";
        assertThatThrownBy(() -> reader.read("j.json", both.getBytes(StandardCharsets.UTF_8)))
                .hasMessage("j.json: has both 'links' and 'edges', expected one of them");
    }

    @Test
    void nodeIdsNoDemandFileCouldNameAreNamed() {
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><node id=\" \"/><edge source=\"a\" target=\" \"/>")))
                .isInstanceOf(TopologyFormatException.class).hasMessageContaining("test.graphml").hasMessageContaining("node ' '")
                .hasMessageContaining("a node id must not be empty or blank");
        assertThatThrownBy(() -> reader.read("j.json", "{\"nodes\":[{\"id\":\"a\"},{\"id\":\" \"}],\"links\":[{\"source\":\"a\",\"target\":\" \"}]}"
                .getBytes(StandardCharsets.UTF_8))).hasMessageContaining("j.json: node ' ': a node id must not be empty or blank");
        // A CSV demand names " a" as "a" (fields are trimmed): it would go to another node.
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><node id=\" a\"/><edge source=\"a\" target=\" a\"/>")))
                .hasMessageContaining("node ' a': a node id must not start or end with white space");
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><node id=\"b,c\"/><edge source=\"a\" target=\"b,c\"/>")))
                .hasMessageContaining("node 'b,c': a node id must not hold a comma");
        assertThatThrownBy(() -> read(graphml("undirected", "<node id=\"a\"/><node id=\"#b\"/><edge source=\"a\" target=\"#b\"/>")))
                .hasMessageContaining("node '#b': a node id must not start with '#'");
        // Spaces inside an id are fine: CSV keeps them.
        assertThat(read(graphml("undirected", "<node id=\"a\"/><node id=\"New York\"/><edge source=\"a\" target=\"New York\"/>"))
                .nodeCount()).isEqualTo(2);
    }

    @Test
    void aLinkGivenTwiceIsRefusedOutsideAMultigraph() {
        String twice = "{\"multigraph\":false,\"nodes\":[{\"id\":\"a\"},{\"id\":\"b\"}],"
                + "\"links\":[{\"source\":\"a\",\"target\":\"b\",\"capacity\":10},{\"source\":\"b\",\"target\":\"a\",\"capacity\":10}]}";
        assertThatThrownBy(() -> reader.read("j.json", twice.getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("j.json: links[1]: links links[0] and links[1] join the same nodes b and a in a file with \"multigraph\": false");
        // Directed, the two are different arcs; in a multigraph (or when unsaid) parallel links add up.
        te.topology.Topology directed = reader.read("j.json", twice.replace("\"multigraph\":false", "\"multigraph\":false,\"directed\":true")
                .getBytes(StandardCharsets.UTF_8));
        assertThat(directed.capacityMbps(0)).isEqualTo(10.0);
        te.topology.Topology multi = reader.read("j.json", twice.replace("\"multigraph\":false", "\"multigraph\":true")
                .getBytes(StandardCharsets.UTF_8));
        assertThat(multi.capacityMbps(0)).isEqualTo(20.0);
    }

    @Test
    void missingFileIsNamed(@TempDir Path dir) {
        assertThatThrownBy(() -> reader.read(dir.resolve("nope.graphml")))
                .hasMessageEndingWith("nope.graphml: no such file");
    }

    @Test
    void readsFromDisk(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tri.graphml");
        Files.writeString(file, graphml("undirected", TRIANGLE));
        assertThat(reader.read(file).name()).isEqualTo("tri");
    }

    @Test
    void aDoctypeIsRefusedSoNoEntityCanReadALocalFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path secret = java.nio.file.Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET");
        String xxe = graphml("undirected", TRIANGLE.replace("Alpha", "&x;"))
                .replace("<graphml ", "<!DOCTYPE g [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>\n<graphml ");
        assertThatThrownBy(() -> read(xxe)).isInstanceOf(TopologyFormatException.class)
                .hasMessageContaining("a DOCTYPE declaration is not allowed").hasMessageNotContaining("TOP-SECRET");
    }

    /**
     * The parser must not even open an external DTD before the DOCTYPE is refused: with DTD support
     * left on (a mutant of the audit), it read this one, and its malformed content was the error.
     */
    @Test
    void anExternalDtdIsNeverOpened(@TempDir Path dir) throws Exception {
        Path dtd = Files.writeString(dir.resolve("evil.dtd"), "<!ENTITY % broken");
        String text = graphml("undirected", TRIANGLE).replace("<graphml ", "<!DOCTYPE graphml SYSTEM \"" + dtd.toUri() + "\">\n<graphml ");
        assertThatThrownBy(() -> read(text)).isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("test.graphml: line 2, column ")
                .hasMessageEndingWith(": a DOCTYPE declaration is not allowed (its entities could read local files or URLs)");
    }

    @Test
    void graphMlTheImporterWouldFlattenOrDropIsRefusedWithWhereItIs() {
        String two = "<node id=\"a\"/><node id=\"b\"/>";
        assertThatThrownBy(() -> read(graphml("undirected", two + "<node id=\"n\"><graph edgedefault=\"undirected\"><node id=\"x\"/></graph></node>")))
                .hasMessageContaining("a second or nested <graph>").hasMessageContaining("line ");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<hyperedge><endpoint node=\"a\"/><endpoint node=\"b\"/></hyperedge>")))
                .hasMessageContaining("hyperedges are not supported");
        assertThatThrownBy(() -> read(graphml("undirected", two
                + "<edge id=\"e1\" source=\"a\" target=\"b\"><data key=\"d1\">1e9</data><data key=\"d1\">-5</data></edge>")))
                .hasMessageContaining("<edge id=\"e1\">").hasMessageContaining("<data key=\"d1\"> given twice");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<edge id=\"e1\" directed=\"true\" source=\"a\" target=\"b\"/>")))
                .hasMessageContaining("contradicts edgedefault");
        assertThatThrownBy(() -> read(graphml("undirected", two).replace("<graph ", "<key attr.name=\"x\" for=\"edge\" id=\"d1\"/>\n<graph ")))
                .hasMessageContaining("<key id=\"d1\">").hasMessageContaining("key declared twice");
    }

    /** The pre-scan once skipped other namespaces; JGraphT reads elements by local name wherever they are. */
    @Test
    void graphMlElementsOfOtherNamespacesAreCheckedAsTheImporterReadsThem() {
        String two = "<node id=\"a\"/><node id=\"b\"/>";
        String y = " xmlns:y=\"urn:x\"";
        // A second value for one key hidden as <y:data>: the importer took 1e10 over the -5.
        assertThatThrownBy(() -> read(graphml("undirected", two
                + "<edge source=\"a\" target=\"b\"><data key=\"d1\">-5</data><y:data" + y + " key=\"d1\">1e10</y:data></edge>")))
                .isInstanceOf(TopologyFormatException.class).hasMessageContaining("<data key=\"d1\"> given twice")
                .hasMessageContaining("<y:data> is in namespace urn:x");
        // A <y:key> redeclaring d1 as a label: the -5 LinkSpeedRaw became an edge label, the default capacity applied.
        assertThatThrownBy(() -> read(graphml("undirected", two + "<edge source=\"a\" target=\"b\"><data key=\"d1\">-5</data></edge>")
                .replace("<graph ", "<y:key" + y + " attr.name=\"label\" for=\"edge\" id=\"d1\"/><graph ")))
                .hasMessageContaining("<y:key id=\"d1\">").hasMessageContaining("key declared twice");
        // A nested <y:graph> was flattened into the network, a <y:edge directed="true"> taken as undirected,
        // a <y:hyperedge> dropped.
        assertThatThrownBy(() -> read(graphml("undirected", two + "<y:graph" + y + " edgedefault=\"directed\"><node id=\"c\"/></y:graph>")))
                .hasMessageContaining("<y:graph>").hasMessageContaining("a second or nested <graph>");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<y:edge" + y + " source=\"a\" target=\"b\" directed=\"true\"/>")))
                .hasMessageContaining("<y:edge>").hasMessageContaining("contradicts edgedefault");
        assertThatThrownBy(() -> read(graphml("undirected", two + "<y:hyperedge" + y + "><endpoint node=\"a\"/><endpoint node=\"b\"/></y:hyperedge>")))
                .hasMessageContaining("<y:hyperedge>").hasMessageContaining("hyperedges are not supported");
        // Inside a <data> too: the importer adds a <node> or reads a <graph> there.
        assertThatThrownBy(() -> read(graphml("undirected", TRIANGLE.replace("<node id=\"c\"/>",
                "<node id=\"c\"><data key=\"d0\"><y:graph" + y + "><y:node id=\"z\"/></y:graph></data></node>"))))
                .hasMessageContaining("a second or nested <graph>");
        // A port's data is its node's to the importer: a second label there would replace the first.
        assertThatThrownBy(() -> read(graphml("undirected", TRIANGLE.replace("<node id=\"b\"/>",
                "<node id=\"b\"><data key=\"d0\">B</data><port name=\"p0\"><data key=\"d0\">P</data></port></node>"))))
                .hasMessageContaining("<node id=\"b\">").hasMessageContaining("<data key=\"d0\"> given twice");
    }

    @Test
    void twoKeysNamingOneAttributeForTheSameElementsAreRefused() {
        String dupName = graphml("undirected", "<node id=\"a\"/><node id=\"b\"/><edge source=\"a\" target=\"b\">"
                + "<data key=\"d1\">-5</data><data key=\"d2\">1e10</data></edge>")
                .replace("<graph ", "<key attr.name=\"LinkSpeedRaw\" attr.type=\"string\" for=\"edge\" id=\"d2\"/><graph ");
        assertThatThrownBy(() -> read(dupName)).isInstanceOf(TopologyFormatException.class)
                .hasMessageContaining("<key id=\"d2\">").hasMessageContaining("attr.name \"LinkSpeedRaw\" already names key 'd1' for edge elements");
        // A key without "for" is for all elements.
        assertThatThrownBy(() -> read(dupName.replace(" for=\"edge\" id=\"d2\"", " id=\"d2\"")))
                .hasMessageContaining("already names key 'd1' for edge elements");
        // One name for different elements is fine (every Zoo file has a node label and a graph label).
        assertThat(read(graphml("undirected", TRIANGLE).replace("<graph ", "<key attr.name=\"label\" for=\"graph\" id=\"g0\"/><graph "))
                .nodeCount()).isEqualTo(3);
    }

    @Test
    void anEdgeIdGivenTwiceIsRefusedButParallelEdgesWithDistinctOrNoIdsAddUp() {
        String edge = "<edge id=\"%s\" source=\"a\" target=\"b\"><data key=\"d1\">1e10</data></edge>";
        String two = "<node id=\"a\"/><node id=\"b\"/>";
        assertThatThrownBy(() -> read(graphml("undirected", two + edge.formatted("e1") + edge.formatted("e1"))))
                .isInstanceOf(TopologyFormatException.class).hasMessageContaining("<edge id=\"e1\">")
                .hasMessageContaining("edge id 'e1' given twice");
        assertThat(read(graphml("undirected", two + edge.formatted("e1") + edge.formatted("e2"))).capacityMbps(0)).isEqualTo(20_000.0);
        String noIds = two + edge.formatted("e1").replace(" id=\"e1\"", "").repeat(2);
        assertThat(read(graphml("undirected", noIds)).capacityMbps(0)).isEqualTo(20_000.0);
    }

    @Test
    void linkSpeedWithoutLinkSpeedRawIsWarnedAboutNamingTheEdge() {
        String keys = "<key attr.name=\"LinkSpeed\" for=\"edge\" id=\"s\"/><key attr.name=\"LinkSpeedUnits\" for=\"edge\" id=\"u\"/><graph ";
        String file = graphml("undirected", "<node id=\"a\"/><node id=\"b\"/><node id=\"c\"/>"
                + "<edge source=\"a\" target=\"b\"><data key=\"s\">10</data><data key=\"u\">G</data></edge>"
                + "<edge source=\"b\" target=\"c\"><data key=\"s\">10</data><data key=\"u\">G</data><data key=\"d1\">1e10</data></edge>"
                + "<edge source=\"c\" target=\"a\"/>").replace("<graph ", keys);
        List<String> warnings = new ArrayList<>();
        RawGraph raw = new GraphMlReader().read("s.graphml", file.getBytes(StandardCharsets.UTF_8), warnings::add);
        assertThat(raw.edges().get(0).capacityMbps()).isNull();
        assertThat(warnings).singleElement().asString()
                .contains("s.graphml: 1 edge(s) give LinkSpeed/LinkSpeedUnits but no LinkSpeedRaw")
                .contains("edge #0 (a-b): LinkSpeed '10 G'").doesNotContain("edge #1").doesNotContain("edge #2");
        List<String> none = new ArrayList<>();
        new GraphMlReader().read("t.graphml", graphml("undirected", TRIANGLE).getBytes(StandardCharsets.UTF_8), none::add);
        assertThat(none).isEmpty();
    }

    @Test
    void nodeLinkIdsThatAreNotValidUnicodeAreRefusedNamingTheNode() {
        // "\ud800x" and "\udbffx" both printed as ?x: two nodes no one could tell apart.
        String lone = "{\"nodes\":[{\"id\":\"a\"},{\"id\":\"\\udbffx\"}],\"links\":[{\"source\":\"a\",\"target\":\"\\udbffx\"}]}";
        assertThatThrownBy(() -> json(lone)).isInstanceOf(TopologyFormatException.class)
                .hasMessageContaining("t.json: nodes[1]: 'id' holds an unpaired UTF-16 surrogate \\uDBFF at character 0");
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":\"a\",\"label\":\"x\\udc00\"}],\"links\":[]}"))
                .hasMessageContaining("nodes[0]: 'label' holds an unpaired UTF-16 surrogate \\uDC00 at character 1");
        // A pair is one character outside the BMP: fine.
        String pair = "{\"nodes\":[{\"id\":\"a\"},{\"id\":\"\\ud83d\\ude00\"}],"
                + "\"links\":[{\"source\":\"a\",\"target\":\"\\ud83d\\ude00\"}]}";
        assertThat(json(pair).nodes().get(1).id()).isEqualTo("\ud83d\ude00");
    }

    @Test
    void aFifoIsRefusedWithoutBeingOpened(@TempDir Path dir) throws Exception {
        Path fifo = Fifos.make(dir.resolve("Foo.graphml"));
        assertThatThrownBy(() -> reader.read(fifo)).isInstanceOf(TopologyFormatException.class)
                .hasMessageContaining("Foo.graphml: cannot read: it is a FIFO (named pipe), expected a regular file");
        assertThatThrownBy(() -> reader.read(dir)).hasMessageContaining("it is a directory, expected a regular file");
    }

    @Test
    void aFileAboveTheLimitIsRefusedBeforeAnythingIsRead(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.graphml");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(3L << 30); // sparse: no disk used
        }
        assertThatThrownBy(() -> reader.read(big)).isInstanceOf(TopologyFormatException.class)
                .hasMessageContaining("big.graphml: cannot read: the file is 3221225472 bytes (3.0 GiB), above the limit of 1073741824 bytes (1.0 GiB)");
    }

    @Test
    void aByteOrderMarkIsSkippedAndFilesOfNeitherFormatSayWhatTheyLookLike() {
        byte[] text = graphml("undirected", TRIANGLE).getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[text.length + 3];
        withBom[0] = (byte) 0xef;
        withBom[1] = (byte) 0xbb;
        withBom[2] = (byte) 0xbf;
        System.arraycopy(text, 0, withBom, 3, text.length);
        assertThat(reader.read("bom.graphml", withBom).nodeCount()).isEqualTo(3);
        assertThatThrownBy(() -> reader.read("z.graphml.gz", new byte[] {0x1f, (byte) 0x8b, 8, 0}))
                .hasMessageContaining("got byte 0x1f at offset 0").hasMessageContaining("gzip-compressed");
        assertThatThrownBy(() -> reader.read("w.graphml", new byte[] {(byte) 0xff, (byte) 0xfe, '<', 0}))
                .hasMessageContaining("UTF-16");
        assertThatThrownBy(() -> reader.read("nul.graphml", new byte[] {0, '<'}))
                .hasMessageContaining("got byte 0x00 at offset 0");
    }

    @Test
    void brokenJsonIsNamedByFileLineColumnAndWhatWasExpectedNotByJackson() {
        // A file cut short while being copied: where the unclosed array began, not Jackson's "[Source: REDACTED ...]".
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1},{\"id\":2}],\n\"links\":[{\"source\":1,\"target\":2}"))
                .hasMessage("t.json: not valid JSON: line 2, column 33: the text ends before the array opened at line 2, column 9 is closed");
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":NaN}]}"))
                .hasMessage("t.json: not valid JSON: line 1, column 76: 'NaN' is not a JSON number");
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[]} {}"))
                .hasMessage("t.json: not valid JSON: line 1, column 42: more follows the JSON value");
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1},],\"links\":[]}"))
                .hasMessage("t.json: not valid JSON: line 1, column 20: unexpected character ']': expected a string, number, array, "
                        + "object, true, false or null");
    }

    @Test
    void nodeLinkJsonIsReadStrictly() {
        String ok = "\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":10}]";
        assertThatThrownBy(() -> json("{" + ok + ",\"links\":[]}")).hasMessageContaining("field 'links' given twice")
                .hasMessageContaining("line 1, column");
        assertThatThrownBy(() -> json("{" + ok + "} {\"nodes\":[]}")).hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> json("{\"directed\":\"yes\"," + ok + "}")).hasMessageContaining("'directed' must be true or false, got \"yes\"");
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1}]}")).hasMessageContaining("expected an array 'links' (or 'edges')");
        String huge = "{\"directed\":true,\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":6e8},"
                + "{\"source\":1,\"target\":2,\"capacity\":6e8},{\"source\":2,\"target\":1,\"capacity\":1}]}";
        assertThatThrownBy(() -> json(huge)).isInstanceOf(TopologyFormatException.class)
                .hasMessageContaining("t.json").hasMessageContaining("links[1]").hasMessageContaining("parallel edges")
                .hasMessageContaining("exceeds 1e+09 Mbps");
    }

    @Test
    void graphMlThatIsValidStaysValidAndMixedOrForeignEncodingsAreNamed() {
        // A port's <data> (the importer gives it to the node) and yEd's own elements inside a <data> are fine.
        String ports = TRIANGLE.replace("<node id=\"b\"/>", "<node id=\"b\"><port name=\"p0\"><data key=\"d0\">P</data></port></node>")
                .replace("<node id=\"c\"/>", "<node id=\"c\"><data key=\"d0\"><y:ShapeNode xmlns:y=\"http://www.yworks.com/xml/graphml\">"
                        + "<y:NodeLabel>C</y:NodeLabel></y:ShapeNode></data></node>");
        Topology withPorts = read(graphml("undirected", ports));
        assertThat(withPorts.nodeCount()).isEqualTo(3);
        assertThat(withPorts.nodes().get(1).label()).isEqualTo("P");
        assertThatThrownBy(() -> read(graphml("undirected", TRIANGLE.replace("<edge source=\"a\"", "<edge directed=\"1\" source=\"a\""))))
                .hasMessageContaining("contradicts edgedefault");
        assertThatThrownBy(() -> read(graphml("undirected", TRIANGLE).replace("encoding=\"utf-8\"", "encoding=\"ISO-8859-1\"")))
                .hasMessageContaining("declares encoding ISO-8859-1; save it as UTF-8");
        // Bytes that are not UTF-8 (a Latin-1 label), though it declares UTF-8: named by offset, with the byte-order mark counted.
        byte[] latin1 = graphml("undirected", TRIANGLE.replace("Alpha", "Z\u00fcrich")).getBytes(StandardCharsets.ISO_8859_1);
        byte[] withBom = new byte[latin1.length + 3];
        withBom[0] = (byte) 0xef;
        withBom[1] = (byte) 0xbb;
        withBom[2] = (byte) 0xbf;
        System.arraycopy(latin1, 0, withBom, 3, latin1.length);
        int at = new String(withBom, StandardCharsets.ISO_8859_1).indexOf('\u00fc');
        assertThatThrownBy(() -> reader.read("test.graphml", withBom))
                .hasMessageContaining("the file is not valid UTF-8 at byte %d; save it as UTF-8".formatted(at));
        assertThatThrownBy(() -> reader.read("t.json", "{\"nodes\":[{\"id\":\"Z\u00fcrich\"}],\"links\":[]}".getBytes(StandardCharsets.ISO_8859_1)))
                .hasMessageContaining("the file is not valid UTF-8 at byte 18;"); // the ü after {"nodes":[{"id":"Z
        assertThatThrownBy(() -> read(graphml("undirected", TRIANGLE).replace("</graph>", "</grph>")))
                .hasMessageContaining("not well-formed XML: line ").satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private Topology json(String text) {
        return reader.read("t.json", text.getBytes(StandardCharsets.UTF_8));
    }

    // From a mutation audit (PIT 1.30.2) of the readers: each test below fails with the mutant named in its comment applied by hand.

    private static final String TWO_NODES = "<node id=\"a\"/><node id=\"b\"/>";

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Mutant: the check of edgedefault's value removed (any word read as undirected). */
    @Test
    void anEdgeDefaultOtherThanDirectedOrUndirectedIsNamed() {
        assertThatThrownBy(() -> reader.read("g.graphml", bytes(graphml("bidirected", TWO_NODES + "<edge source=\"a\" target=\"b\"/>"))))
                .hasMessage("g.graphml: <graph>: edgedefault must be 'directed' or 'undirected', got 'bidirected'");
    }

    /** Mutants: the nested-<graphml> and missing-<graph> refusals removed. */
    @Test
    void aNestedGraphmlAndAFileWithoutAGraphAreNamed() {
        assertThatThrownBy(() -> reader.read("g.graphml", bytes(graphml("undirected", TWO_NODES + "<graphml/>"))))
                .hasMessageContaining("g.graphml: <graphml>: line 6, column").hasMessageContaining("a nested <graphml>");
        assertThatThrownBy(() -> reader.read("g.graphml", bytes("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"/>")))
                .hasMessage("g.graphml: no <graph> element");
    }

    /** Mutant: xmlBoolean always true (an edge's own directed="false" in an undirected graph was refused). */
    @Test
    void anEdgeThatSaysItIsUndirectedInAnUndirectedGraphLoads() {
        assertThat(reader.read("g.graphml", bytes(graphml("undirected", TWO_NODES + "<edge directed=\"false\" source=\"a\" target=\"b\"/>"))).arcCount())
                .isEqualTo(2);
    }

    /** Mutant: a closed element's data keys not dropped (graph data after a node counted as the node's). */
    @Test
    void theSameKeyOnANodeAndOnTheGraphAfterItIsNoRepetition() {
        String text = graphml("undirected", TWO_NODES + "<node id=\"c\"><data key=\"k\">x</data></node><data key=\"k\">network</data>"
                + "<edge source=\"a\" target=\"b\"/>").replace("<graph ", "<key attr.name=\"note\" attr.type=\"string\" for=\"all\" id=\"k\"/><graph ");
        assertThat(reader.read("g.graphml", bytes(text)).nodeCount()).isEqualTo(2);
    }

    /** Mutant: keys without attr.name taken as one name ("null"), so a second such key was refused. */
    @Test
    void keysWithoutAttributeNamesDoNotClash() {
        String text = graphml("undirected", TWO_NODES + "<edge source=\"a\" target=\"b\"/>")
                .replace("<graph ", "<key id=\"x1\" for=\"node\"/><key id=\"x2\" for=\"node\"/><graph ");
        assertThat(reader.read("g.graphml", bytes(text)).nodeCount()).isEqualTo(2);
    }

    /** Mutant: the blank check removed (an empty LinkSpeedRaw, as exporters write, was "not a decimal number"). */
    @Test
    void aBlankLinkSpeedRawGetsTheDefaultCapacity() {
        Topology t = reader.read("g.graphml", bytes(graphml("undirected", TWO_NODES + "<edge source=\"a\" target=\"b\"><data key=\"d1\"> </data></edge>")));
        assertThat(t.links()).allSatisfy(l -> assertThat(l.capacityMbps()).isEqualTo(1000.0));
    }

    /** Mutants: the normaliser's duplicate-id and unknown-endpoint checks removed (GraphML's scan refuses both first). */
    @Test
    void jsonWithARepeatedIdOrALinkToNoNodeIsNamed() {
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":\"a\"},{\"id\":\"a\"}],\"links\":[]}"))
                .isInstanceOf(TopologyFormatException.class).hasMessage("t.json: node 'a': duplicate node id");
        // An integer id and its text are one id: demand files cannot tell them apart.
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1},{\"id\":\"1\"}],\"links\":[]}")).hasMessage("t.json: node '1': duplicate node id");
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":3}]}"))
                .hasMessage("t.json: links[0] (1->3): endpoint '3' is not a node of the graph");
    }

    /** Mutant: > MAX_CAPACITY_MBPS made >= (parallel links adding up to exactly 1 Pbit/s refused). */
    @Test
    void parallelLinksAddingUpToExactlyOnePetabitPerSecondLoad() {
        Topology t = json("{\"directed\":true,\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":5e8},"
                + "{\"source\":1,\"target\":2,\"capacity\":5e8},{\"source\":2,\"target\":1,\"capacity\":1}]}");
        assertThat(t.capacityMbps(t.arcIndex(0, 1))).isEqualTo(1e9);
    }

    /** Mutants: the tie-break's negation or its key removed (the later component kept). */
    @Test
    void ofTwoEqualComponentsTheOneWithTheEarliestNodeIsKept() {
        Topology t = json("{\"nodes\":[{\"id\":\"x\"},{\"id\":\"c\"},{\"id\":\"d\"},{\"id\":\"y\"}],"
                + "\"links\":[{\"source\":\"c\",\"target\":\"d\"},{\"source\":\"x\",\"target\":\"y\"}]}");
        assertThat(t.nodes()).extracting(te.topology.Node::id).containsExactly("x", "y");
        assertThat(t.droppedNodes()).extracting(te.topology.DroppedNode::id).containsExactly("c", "d");
    }

    /** Mutant: indexOf(',') >= 0 made > 0 (an id starting with a comma accepted). */
    @Test
    void anIdStartingWithACommaIsNamed() {
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":\",a\"},{\"id\":\"b\"}],\"links\":[{\"source\":\",a\",\"target\":\"b\"}]}"))
                .hasMessageContaining("node ',a'").hasMessageContaining("must not hold a comma");
    }

    /** Mutants: capacity's null and number checks removed ("100" read as 100 Mbps, null refused). */
    @Test
    void aJsonCapacityIsANumberOrNull() {
        String link = "{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":%s}]}";
        assertThatThrownBy(() -> json(link.formatted("\"100\""))).hasMessage("t.json: links[0]: 'capacity' must be a number of Mbps, got \"100\"");
        assertThat(new TopologyReader(new LoadOptions(40.0)).read("t.json", link.formatted("null").getBytes(StandardCharsets.UTF_8))
                .capacityMbps(0)).isEqualTo(40.0);
    }

    /** Mutant: i + 1 < length made <= (a high surrogate ending an id read past its end: StringIndexOutOfBoundsException). */
    @Test
    void aHighSurrogateEndingAnIdIsNamed() {
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":\"a\\uD800\"},{\"id\":2}],\"links\":[]}"))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessage("t.json: nodes[0]: 'id' holds an unpaired UTF-16 surrogate \\uD800 at character 1; expected valid Unicode text");
    }

    /** 1e999 was named "Infinity", a value the file does not hold. */
    @Test
    void aJsonCapacityBeyondADoubleIsNamedAsWritten() {
        assertThatThrownBy(() -> json("{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":1e999}]}"))
                .hasMessage("t.json: links[0]: 'capacity' must be a number of Mbps from 1e-06 to 1e+09, got 1E+999");
        // Decimals still read as the doubles they name.
        assertThat(json("{\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[{\"source\":1,\"target\":2,\"capacity\":0.1}]}")
                .capacityMbps(0)).isEqualTo(0.1);
    }

    /** Mutant: the multigraph type check removed ("no" read as a multigraph). */
    @Test
    void multigraphMustBeABoolean() {
        assertThatThrownBy(() -> json("{\"multigraph\":\"no\",\"nodes\":[{\"id\":1},{\"id\":2}],\"links\":[]}"))
                .hasMessage("t.json: 'multigraph' must be true or false, got \"no\"");
    }

    /** Mutants: the printable-character part of the unknown-format message removed. */
    @Test
    void anUnknownFormatShowsItsFirstCharacterWhenPrintable() {
        assertThatThrownBy(() -> reader.read("t.txt", "  [1, 2]".getBytes(StandardCharsets.UTF_8))).hasMessage("t.txt: unknown format: expected GraphML (starts with '<') or "
                + "node-link JSON (starts with '{'), got byte 0x5b ('[') at offset 2");
        assertThatThrownBy(() -> reader.read("t.txt", new byte[] {0x7f})).hasMessageEndingWith("got byte 0x7f at offset 0");
    }

    /** Mutant: the byte-order mark's length check made > 3 (a file holding only the mark was "unknown format 0xef"). */
    @Test
    void aFileHoldingOnlyAByteOrderMarkIsEmpty() {
        assertThatThrownBy(() -> reader.read("t.json", new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}))
                .hasMessage("t.json: the file is empty (or only whitespace)");
    }
}
