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
    public RawGraph read(String source, byte[] file) {
        byte[] bytes = Utf8Bom.strip(file);
        boolean directed = scan(source, bytes);
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
            // Ids nothing could name (blank, spaces around) are refused with those of other formats (TopologyNormalizer).
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
        double bits = PlainDecimal.parse(linkSpeedRaw);
        if (Double.isNaN(bits)) {
            throw new TopologyFormatException(source, element,
                    "LinkSpeedRaw must be a decimal number of bits per second, got '%s'".formatted(linkSpeedRaw));
        }
        return bits / BITS_PER_MEGABIT;
    }

    /**
     * Reads the whole file once with StAX, DTDs off, before the importer sees it: learns the
     * {@code edgedefault} and refuses what the importer would take silently or dangerously.
     * <ul>
     *   <li>a DOCTYPE: its entities could pull local files (XXE) or remote URLs into node labels;</li>
     *   <li>a second or nested {@code <graph>}, a {@code <hyperedge>}, an edge whose own
     *       {@code directed} contradicts {@code edgedefault}: the importer would flatten or drop them;</li>
     *   <li>a {@code <data>} repeated for one key on one element, a {@code <key>} id declared twice:
     *       the last one would win and hide the other (a negative LinkSpeedRaw, say).</li>
     * </ul>
     *
     * @return whether the graph is directed
     */
    private static boolean scan(String source, byte[] bytes) {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        try (InputStream in = new java.io.ByteArrayInputStream(bytes)) {
            XMLStreamReader xml = factory.createXMLStreamReader(in);
            boolean sawGraphml = false;
            Boolean directed = null;
            java.util.Set<String> keys = new java.util.HashSet<>();
            java.util.Deque<java.util.Set<String>> dataKeys = new java.util.ArrayDeque<>();
            java.util.Deque<String> owners = new java.util.ArrayDeque<>();
            String encoding = xml.getCharacterEncodingScheme();
            if (encoding != null && !encoding.equalsIgnoreCase("UTF-8")) {
                // The importer reads UTF-8 whatever the declaration says: both must see the same text.
                throw new TopologyFormatException(source, null, "declares encoding %s; save it as UTF-8".formatted(encoding));
            }
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.DTD) {
                    throw new TopologyFormatException(source, null, at(xml)
                            + "a DOCTYPE declaration is not allowed (its entities could read local files or URLs)");
                }
                if (event == XMLStreamConstants.END_ELEMENT && isGraphMl(xml) && isOwner(xml.getLocalName())) {
                    dataKeys.pop();
                    owners.pop();
                }
                // Elements of other vocabularies (yEd's inside <data>, say) are not GraphML's to check.
                if (event != XMLStreamConstants.START_ELEMENT || sawGraphml && !isGraphMl(xml)) {
                    continue;
                }
                String local = xml.getLocalName();
                if (!sawGraphml && !"graphml".equals(local)) {
                    throw new TopologyFormatException(source, null, "root element is <%s>, expected <graphml>".formatted(local));
                }
                sawGraphml = true;
                switch (local) {
                    case "graph" -> {
                        if (directed != null) {
                            throw new TopologyFormatException(source, "<graph>", at(xml)
                                    + "a second or nested <graph>: only one flat graph per file is supported");
                        }
                        String edgeDefault = xml.getAttributeValue(null, "edgedefault");
                        if (edgeDefault != null && !edgeDefault.equals("directed") && !edgeDefault.equals("undirected")) {
                            throw new TopologyFormatException(source, "<graph>",
                                    "edgedefault must be 'directed' or 'undirected', got '%s'".formatted(edgeDefault));
                        }
                        directed = "directed".equals(edgeDefault);
                    }
                    case "hyperedge" -> throw new TopologyFormatException(source, "<hyperedge>", at(xml)
                            + "hyperedges are not supported");
                    case "key" -> {
                        String id = xml.getAttributeValue(null, "id");
                        if (id != null && !keys.add(id)) {
                            throw new TopologyFormatException(source, "<key id=\"%s\">".formatted(id), at(xml) + "key declared twice");
                        }
                    }
                    case "edge" -> {
                        String own = xml.getAttributeValue(null, "directed");
                        if (own != null && directed != null && xmlBoolean(own) != directed) {
                            throw new TopologyFormatException(source, "<edge id=\"%s\">".formatted(xml.getAttributeValue(null, "id")),
                                    at(xml) + "directed=\"%s\" contradicts edgedefault; mixed graphs are not supported".formatted(own));
                        }
                    }
                    case "data" -> {
                        String key = xml.getAttributeValue(null, "key");
                        if (!dataKeys.isEmpty() && key != null && !dataKeys.peek().add(key)) {
                            throw new TopologyFormatException(source, owners.peek(), at(xml)
                                    + "<data key=\"%s\"> given twice; which one holds is ambiguous".formatted(key));
                        }
                    }
                    default -> {
                    }
                }
                if (isOwner(local)) {
                    dataKeys.push(new java.util.HashSet<>());
                    owners.push("<%s id=\"%s\">".formatted(local, xml.getAttributeValue(null, "id")));
                }
            }
            if (directed == null) {
                throw new TopologyFormatException(source, null, "no <graph> element");
            }
            return directed;
        } catch (XMLStreamException e) {
            // The JDK's message repeats the location on a line of its own; keep the reason.
            String message = e.getMessage() == null ? e.toString() : e.getMessage().replaceFirst("(?s)^ParseError at \\[row,col\\]:\\[\\d+,\\d+\\]\\s*Message:\\s*", "");
            throw new TopologyFormatException(source, null, "not well-formed XML: " + at(e.getLocation()) + message, e);
        } catch (IllegalArgumentException e) {
            throw new TopologyFormatException(source, "<edge>", "directed " + e.getMessage());
        } catch (IOException e) {
            throw new TopologyFormatException(source, null, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Elements that carry {@code <data>} of their own. */
    private static boolean isOwner(String local) {
        return local.equals("graph") || local.equals("node") || local.equals("edge") || local.equals("port");
    }

    /** @return whether the current element is GraphML's (its namespace, or none) */
    private static boolean isGraphMl(XMLStreamReader xml) {
        String ns = xml.getNamespaceURI();
        return ns == null || ns.isEmpty() || ns.equals("http://graphml.graphdrawing.org/xmlns");
    }

    /** @return an xsd:boolean: {@code true}/{@code 1} or {@code false}/{@code 0} */
    private static boolean xmlBoolean(String text) {
        return switch (text.strip()) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new IllegalArgumentException("'%s' is not true, false, 1 or 0".formatted(text));
        };
    }

    private static String at(XMLStreamReader xml) {
        return at(xml.getLocation());
    }

    private static String at(javax.xml.stream.Location l) {
        return l == null ? "" : "line %d, column %d: ".formatted(l.getLineNumber(), l.getColumnNumber());
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
