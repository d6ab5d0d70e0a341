package te.topology.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.jgrapht.Graph;
import org.jgrapht.graph.builder.GraphTypeBuilder;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.ImportException;
import org.jgrapht.nio.graphml.GraphMLImporter;
import org.jgrapht.util.SupplierUtil;
import te.topology.TopologyFormatException;

/**
 * Reads Topology Zoo GraphML through JGraphT's {@link GraphMLImporter}.
 *
 * <p>Capacity comes from the edge attribute {@code LinkSpeedRaw} (bits per second) where present;
 * other edges get no capacity here and the default later. Edges follow the file's
 * {@code edgedefault} (Topology Zoo files are undirected).
 */
public final class GraphMlReader {
    private static final double BITS_PER_MEGABIT = 1e6;

    /**
     * @param source name of the input for error messages (usually the file name)
     * @param bytes  the whole file; GraphML is read twice (a cheap StAX peek for
     *               {@code edgedefault}, then the importer)
     * @return the graph as the file describes it
     * @throws TopologyFormatException if the bytes are not GraphML or an element is invalid
     */
    public RawGraph read(String source, byte[] bytes) {
        boolean directed = peekDirected(source, bytes);
        Graph<String, Integer> graph = directed
                ? GraphTypeBuilder.<String, Integer>directed().allowingMultipleEdges(true).allowingSelfLoops(true)
                        .edgeSupplier(SupplierUtil.createIntegerSupplier()).buildGraph()
                : GraphTypeBuilder.<String, Integer>undirected().allowingMultipleEdges(true).allowingSelfLoops(true)
                        .edgeSupplier(SupplierUtil.createIntegerSupplier()).buildGraph();

        Map<String, String> labels = new HashMap<>();
        Map<Integer, String> linkSpeedRaw = new HashMap<>();
        GraphMLImporter<String, Integer> importer = new GraphMLImporter<>();
        // The Zoo files declare the public schema; validating against it would need the network.
        importer.setSchemaValidation(false);
        // JGraphT itself rejects a repeated node id ("Node with id … already exists").
        importer.setVertexFactory(id -> id);
        importer.addVertexAttributeConsumer((p, a) -> {
            if ("label".equals(p.getSecond())) {
                labels.put(p.getFirst(), a.getValue());
            }
        });
        importer.addEdgeAttributeConsumer((p, a) -> {
            if ("LinkSpeedRaw".equals(p.getSecond())) {
                linkSpeedRaw.put(p.getFirst(), a.getValue());
            }
        });
        try (Reader reader = new InputStreamReader(new java.io.ByteArrayInputStream(bytes), StandardCharsets.UTF_8)) {
            importer.importGraph(graph, reader);
        } catch (ImportException e) {
            throw new TopologyFormatException(source, null, "not valid GraphML: " + rootMessage(e), e);
        } catch (IOException e) {
            throw new TopologyFormatException(source, null, "cannot read: " + e.getMessage(), e);
        }

        List<RawNode> nodes = new ArrayList<>();
        for (String id : graph.vertexSet()) {
            nodes.add(new RawNode(id, labels.getOrDefault(id, id)));
        }
        List<RawEdge> edges = new ArrayList<>();
        for (Integer e : graph.edgeSet()) {
            String u = graph.getEdgeSource(e);
            String v = graph.getEdgeTarget(e);
            String element = "edge #%d (%s%s%s)".formatted(e, u, directed ? "->" : "-", v);
            edges.add(new RawEdge(element, u, v, capacityMbps(source, element, linkSpeedRaw.get(e))));
        }
        // The file stem, not the Network attribute, names the topology: it is what operators type
        // and what per-topology defaults are keyed by (Uninett2010's Network attribute is "Uninett").
        return new RawGraph(source, stem(source), directed, nodes, edges);
    }

    private static Double capacityMbps(String source, String element, String linkSpeedRaw) {
        if (linkSpeedRaw == null || linkSpeedRaw.isBlank()) {
            return null;
        }
        try {
            return Double.parseDouble(linkSpeedRaw.trim()) / BITS_PER_MEGABIT;
        } catch (NumberFormatException e) {
            throw new TopologyFormatException(source, element,
                    "LinkSpeedRaw must be a number of bits per second, got '%s'".formatted(linkSpeedRaw));
        }
    }

    /** Reads only up to the first {@code <graph>} element to learn its {@code edgedefault}. */
    private static boolean peekDirected(String source, byte[] bytes) {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        try (InputStream in = new java.io.ByteArrayInputStream(bytes)) {
            XMLStreamReader xml = factory.createXMLStreamReader(in);
            boolean sawGraphml = false;
            while (xml.hasNext()) {
                if (xml.next() == XMLStreamConstants.START_ELEMENT) {
                    String local = xml.getLocalName();
                    if (!sawGraphml && !"graphml".equals(local)) {
                        throw new TopologyFormatException(source, null,
                                "root element is <%s>, expected <graphml>".formatted(local));
                    }
                    sawGraphml = true;
                    if ("graph".equals(local)) {
                        String edgeDefault = xml.getAttributeValue(null, "edgedefault");
                        if (edgeDefault != null && !edgeDefault.equals("directed") && !edgeDefault.equals("undirected")) {
                            throw new TopologyFormatException(source, "<graph>",
                                    "edgedefault must be 'directed' or 'undirected', got '%s'".formatted(edgeDefault));
                        }
                        return "directed".equals(edgeDefault);
                    }
                }
            }
            throw new TopologyFormatException(source, null, "no <graph> element");
        } catch (XMLStreamException | IOException e) {
            throw new TopologyFormatException(source, null, "not well-formed XML: " + e.getMessage(), e);
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    static String stem(String source) {
        String file = source.substring(Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\')) + 1);
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }
}
