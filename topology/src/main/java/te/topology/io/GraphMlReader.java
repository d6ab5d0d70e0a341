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
 * other edges get no capacity here and the default later, with a warning naming the edges that
 * give {@code LinkSpeed}/{@code LinkSpeedUnits} without {@code LinkSpeedRaw} (not read). The
 * POP/NCFlow reference reads no speed at all and gives every arc 1000 Mbps; reading
 * {@code LinkSpeedRaw} is this project's choice (it changes only Uninett2010). Edges follow the file's
 * {@code edgedefault} (Topology Zoo files are undirected).
 */
public final class GraphMlReader {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(GraphMlReader.class);
    private static final double BITS_PER_MEGABIT = 1e6;

    /**
     * @param source name of the input for error messages (usually the file name)
     * @param file   the whole file; GraphML is read twice (a cheap StAX peek for
     *               {@code edgedefault}, then the importer)
     * @return the graph as the file describes it
     * @throws TopologyFormatException if the bytes are not GraphML or an element is invalid
     */
    public RawGraph read(String source, byte[] file) {
        return read(source, file, warning -> LOG.warn("{}", warning));
    }

    /** As {@link #read(String, byte[])}, handing each warning to {@code warnings} (tests read them). */
    RawGraph read(String source, byte[] file, java.util.function.Consumer<String> warnings) {
        byte[] bytes = Utf8Bom.strip(file);
        boolean directed = scan(source, bytes);
        Graph<String, Integer> graph = directed
                ? GraphTypeBuilder.<String, Integer>directed().allowingMultipleEdges(true).allowingSelfLoops(true)
                        .edgeSupplier(SupplierUtil.createIntegerSupplier()).buildGraph()
                : GraphTypeBuilder.<String, Integer>undirected().allowingMultipleEdges(true).allowingSelfLoops(true)
                        .edgeSupplier(SupplierUtil.createIntegerSupplier()).buildGraph();

        Map<String, String> labels = new HashMap<>();
        Map<Integer, String> linkSpeedRaw = new HashMap<>();
        Map<Integer, String> linkSpeed = new HashMap<>();
        GraphMLImporter<String, Integer> importer = new GraphMLImporter<>();
        // The Zoo files declare the public schema; validating against it would need the network.
        importer.setSchemaValidation(false);
        // A repeated or missing node id and an edge to no node were refused by scan, with their line.
        importer.setVertexFactory(id -> id);
        importer.addVertexAttributeConsumer((p, a) -> {
            if ("label".equals(p.getSecond())) {
                labels.put(p.getFirst(), a.getValue());
            }
        });
        importer.addEdgeAttributeConsumer((p, a) -> {
            switch (p.getSecond()) {
                case "LinkSpeedRaw" -> linkSpeedRaw.put(p.getFirst(), a.getValue());
                case "LinkSpeed", "LinkSpeedUnits" -> linkSpeed.merge(p.getFirst(), a.getValue().strip(), (x, y) -> x + " " + y);
                default -> {
                }
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
        List<String> speedWithoutRaw = new ArrayList<>();
        for (Integer e : graph.edgeSet()) {
            String u = graph.getEdgeSource(e);
            String v = graph.getEdgeTarget(e);
            String element = "edge #%d (%s%s%s)".formatted(e, u, directed ? "->" : "-", v);
            Double capacity = capacityMbps(source, element, linkSpeedRaw.get(e));
            if (capacity == null && linkSpeed.containsKey(e) && !linkSpeed.get(e).isBlank()) {
                speedWithoutRaw.add("%s: LinkSpeed '%s'".formatted(element, linkSpeed.get(e)));
            }
            edges.add(new RawEdge(element, u, v, capacity));
        }
        if (!speedWithoutRaw.isEmpty()) {
            // The Zoo's tool writes LinkSpeedRaw wherever it writes LinkSpeed (the reference reads neither:
            // 1000 Mbps every arc); a speed without it is likelier a hand-made file whose author expects it used.
            warnings.accept(("%s: %d edge(s) give LinkSpeed/LinkSpeedUnits but no LinkSpeedRaw (bits per second), the only "
                    + "capacity read; they get the default capacity: %s%s").formatted(source, speedWithoutRaw.size(),
                    String.join(", ", speedWithoutRaw.subList(0, Math.min(10, speedWithoutRaw.size()))),
                    speedWithoutRaw.size() > 10 ? ", ..." : ""));
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
        if (!te.topology.Link.plausibleCapacity(bits / BITS_PER_MEGABIT)) {
            // In the file's unit and as written: "-5" is what the operator will search the file for, not -5.0E-6 Mbps.
            throw new TopologyFormatException(source, element, "LinkSpeedRaw must be a number of bits per second from %.0f (1 bit/s) to %.0e (1 Pbit/s), got '%s'"
                    .formatted(te.topology.Link.MIN_CAPACITY_MBPS * BITS_PER_MEGABIT, te.topology.Link.MAX_CAPACITY_MBPS * BITS_PER_MEGABIT,
                            linkSpeedRaw.strip()));
        }
        return bits / BITS_PER_MEGABIT;
    }

    /**
     * Reads the whole file once with StAX, DTDs off, before the importer sees it: learns the
     * {@code edgedefault} and refuses what the importer would take silently or dangerously.
     *
     * <p>Elements are matched by local name, whatever their namespace and wherever they are, even
     * inside a {@code <data>}: JGraphT's importer reads them so ({@code <y:edge>} is an edge to it,
     * a {@code <node>} inside a {@code <data>} a node), and what it reads is what must be checked.
     * Refused:
     * <ul>
     *   <li>a DOCTYPE: its entities could pull local files (XXE) or remote URLs into node labels;</li>
     *   <li>a second or nested {@code <graph>} or {@code <graphml>}, a {@code <hyperedge>}, an edge
     *       whose own {@code directed} contradicts {@code edgedefault}: the importer would flatten or
     *       drop them;</li>
     *   <li>a {@code <data>} repeated for one key on one node, edge or graph (a port's data counts
     *       as its node's: the importer gives it to the node), a {@code <key>} id declared twice, two
     *       keys with one {@code attr.name} for the same elements, an edge id given twice: one would
     *       win and hide the other (a negative LinkSpeedRaw, say) or two edges would add up;</li>
     *   <li>a {@code <data>} under a key no {@code <key>} declares, or one declared for other
     *       elements or without {@code for}: the importer drops its value ({@link DataUse}).</li>
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
            // Key id -> its for= as written (null without one): a <data> is read only under a key for its element.
            Map<String, String> keys = new HashMap<>();
            Map<String, String> keyNames = new HashMap<>();
            java.util.Set<String> edgeIds = new java.util.HashSet<>();
            Endpoints endpoints = new Endpoints();
            // Each key's first use per kind of element: checked at the end, as a <key> may follow its first use.
            Map<String, DataUse> dataUse = new java.util.LinkedHashMap<>();
            java.util.Deque<java.util.Set<String>> dataKeys = new java.util.ArrayDeque<>();
            java.util.Deque<String> owners = new java.util.ArrayDeque<>();
            java.util.Deque<String> ownerKinds = new java.util.ArrayDeque<>();
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
                if (event == XMLStreamConstants.END_ELEMENT && isOwner(xml.getLocalName())) {
                    dataKeys.pop();
                    owners.pop();
                    ownerKinds.pop();
                }
                if (event != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                String local = xml.getLocalName();
                if (!sawGraphml && !"graphml".equals(local)) {
                    throw new TopologyFormatException(source, null, "root element is <%s>, expected <graphml>".formatted(local));
                }
                switch (local) {
                    case "graphml" -> {
                        if (sawGraphml) {
                            throw new TopologyFormatException(source, tag(xml), at(xml) + "a nested <graphml>" + foreign(xml)
                                    + ": only one flat graph per file is supported");
                        }
                    }
                    case "graph" -> {
                        if (directed != null) {
                            throw new TopologyFormatException(source, tag(xml), at(xml) + "a second or nested <graph>" + foreign(xml)
                                    + ": only one flat graph per file is supported");
                        }
                        String edgeDefault = xml.getAttributeValue(null, "edgedefault");
                        if (edgeDefault != null && !edgeDefault.equals("directed") && !edgeDefault.equals("undirected")) {
                            throw new TopologyFormatException(source, tag(xml),
                                    "edgedefault must be 'directed' or 'undirected', got '%s'".formatted(edgeDefault));
                        }
                        directed = "directed".equals(edgeDefault);
                    }
                    case "hyperedge" -> throw new TopologyFormatException(source, tag(xml), at(xml)
                            + "hyperedges are not supported" + foreign(xml) + " (the importer would drop it without a word)");
                    case "key" -> checkKey(source, xml, keys, keyNames);
                    case "node" -> endpoints.node(source, xml);
                    case "edge" -> {
                        checkEdge(source, xml, directed, edgeIds);
                        endpoints.edge(source, xml);
                    }
                    case "data" -> {
                        String key = xml.getAttributeValue(null, "key");
                        if (!dataKeys.isEmpty() && key != null && !dataKeys.peek().add(key)) {
                            throw new TopologyFormatException(source, owners.peek(), at(xml)
                                    + "<data key=\"%s\"> given twice%s; which one holds is ambiguous".formatted(key, foreign(xml)));
                        }
                        if (key != null) {
                            // Outside <graph>, <node> and <edge> a <data> belongs to <graphml>; a port's to its node.
                            String kind = ownerKinds.isEmpty() ? "graphml" : ownerKinds.peek();
                            dataUse.putIfAbsent(key + "\u0000" + kind,
                                    new DataUse(key, kind, owners.isEmpty() ? tag(xml) : owners.peek(), at(xml)));
                        }
                    }
                    default -> {
                    }
                }
                sawGraphml = true;
                if (isOwner(local)) {
                    dataKeys.push(new java.util.HashSet<>());
                    owners.push(element(xml));
                    ownerKinds.push(local);
                }
            }
            if (directed == null) {
                throw new TopologyFormatException(source, null, "no <graph> element");
            }
            endpoints.check(source);
            dataUse.values().forEach(use -> use.check(source, keys));
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

    /**
     * Refuses an edge whose own {@code directed} contradicts {@code edgedefault}, and an edge id
     * given twice (the importer would keep both edges and their capacities would add up).
     */
    private static void checkEdge(String source, XMLStreamReader xml, Boolean directed, java.util.Set<String> edgeIds) {
        String id = xml.getAttributeValue(null, "id");
        String element = element(xml);
        String own = xml.getAttributeValue(null, "directed");
        if (own != null && directed != null && xmlBoolean(own) != directed) {
            throw new TopologyFormatException(source, element, at(xml)
                    + "directed=\"%s\" contradicts edgedefault%s; mixed graphs are not supported".formatted(own, foreign(xml)));
        }
        if (id != null && !edgeIds.add(id)) {
            throw new TopologyFormatException(source, element, at(xml)
                    + "edge id '%s' given twice; expected unique edge ids (parallel links are separate <edge>s with distinct ids or none)"
                            .formatted(id));
        }
    }

    /**
     * A {@code <data>}'s key, the kind of element it belongs to ({@code graphml}, {@code graph},
     * {@code node} or {@code edge}), that element as written and where the {@code <data>} stands.
     */
    private record DataUse(String key, String kind, String element, String at) {
        /**
         * Refuses data the importer would drop without a word (a capacity under a mistyped key, or
         * under a key for nodes, would become the default): under no declared key, or under one
         * declared for other elements or, as GraphML allows, for none (which the importer skips).
         *
         * @param keys key id -> its {@code for} as written, null where it has none
         */
        void check(String source, Map<String, String> keys) {
            if (!keys.containsKey(key)) {
                throw new TopologyFormatException(source, element, at + "<data key=\"%s\"> names no declared <key>; expected one of %s"
                        .formatted(key, new java.util.TreeSet<>(keys.keySet())));
            }
            String domain = keys.get(key);
            if (domain == null || !domain.equals(kind) && !domain.equals("all")) {
                throw new TopologyFormatException(source, element, at + ("<data key=\"%s\"> under <%s> names a <key> declared %s; "
                        + "expected for=\"%s\" or for=\"all\" on that <key> (the importer drops data under a key for other elements%s)")
                        .formatted(key, kind, domain == null ? "without for=" : "for=\"%s\"".formatted(domain), kind,
                                domain == null ? ", and a key without for=" : ""));
            }
        }
    }

    /**
     * Node ids and edge ends, checked here rather than left to the importer, whose refusals name
     * neither the line nor what was expected ("Target vertex c not found", "Node id missing"). An
     * edge may come before the nodes it joins, so its ends are checked once the file is read.
     */
    private static final class Endpoints {
        private final Map<String, String> nodeAt = new HashMap<>();
        private final List<EdgeEnd> edgeEnds = new ArrayList<>();

        /** One end of an edge: the edge as written, where it is, which end, the node id it names. */
        private record EdgeEnd(String element, String at, String end, String id) {
        }

        void node(String source, XMLStreamReader xml) {
            String id = xml.getAttributeValue(null, "id");
            if (id == null) {
                throw new TopologyFormatException(source, tag(xml), at(xml) + "a node without an id; expected <node id=\"...\">");
            }
            String first = nodeAt.putIfAbsent(id, at(xml).replaceFirst(": $", ""));
            if (first != null) {
                throw new TopologyFormatException(source, element(xml), at(xml)
                        + "node id '%s' given twice (first at %s); expected unique node ids".formatted(id, first));
            }
        }

        void edge(String source, XMLStreamReader xml) {
            for (String end : List.of("source", "target")) {
                String id = xml.getAttributeValue(null, end);
                if (id == null) {
                    throw new TopologyFormatException(source, element(xml), at(xml)
                            + "an edge without a %s; expected <edge source=\"...\" target=\"...\"> naming two nodes".formatted(end));
                }
                edgeEnds.add(new EdgeEnd(element(xml), at(xml), end, id));
            }
        }

        void check(String source) {
            for (EdgeEnd e : edgeEnds) {
                if (!nodeAt.containsKey(e.id())) {
                    throw new TopologyFormatException(source, e.element(), e.at()
                            + "%s '%s' is not a node of the graph; expected the id of a <node>".formatted(e.end(), e.id()));
                }
            }
        }
    }

    /**
     * Refuses a key id declared twice and two keys giving one {@code attr.name} to the same
     * elements: the importer names attributes by {@code attr.name}, so one key's values would
     * hide the other's. A key without {@code for} is GraphML's {@code for="all"}.
     */
    private static void checkKey(String source, XMLStreamReader xml, Map<String, String> keys, Map<String, String> keyNames) {
        String id = xml.getAttributeValue(null, "id");
        String element = element(xml);
        if (id != null && keys.containsKey(id)) {
            throw new TopologyFormatException(source, element, at(xml) + "key declared twice" + foreign(xml));
        }
        if (id != null) {
            keys.put(id, xml.getAttributeValue(null, "for"));
        }
        String name = xml.getAttributeValue(null, "attr.name");
        if (name == null) {
            return;
        }
        String given = xml.getAttributeValue(null, "for");
        String domain = given == null ? "all" : given.strip();
        List<String> clashes = domain.equals("all") ? List.of("all", "graph", "node", "edge", "port", "hyperedge", "endpoint", "graphml")
                : List.of(domain, "all");
        for (String other : clashes) {
            String first = keyNames.get(other + "\u0000" + name);
            if (first != null) {
                throw new TopologyFormatException(source, element, at(xml) + ("attr.name \"%s\" already names key '%s' for %s elements; "
                        + "expected one key per attribute name (the importer would keep one key's values and hide the other's)")
                        .formatted(name, first, other));
            }
        }
        keyNames.put(domain + "\u0000" + name, String.valueOf(id));
    }

    /** Elements whose {@code <data>} the importer gives to them; a port's goes to its node. */
    private static boolean isOwner(String local) {
        return local.equals("graph") || local.equals("node") || local.equals("edge");
    }

    /** @return the element's name as written, with its prefix */
    private static String qName(XMLStreamReader xml) {
        String prefix = xml.getPrefix();
        return prefix == null || prefix.isEmpty() ? xml.getLocalName() : prefix + ":" + xml.getLocalName();
    }

    /** @return the element as written, with its id where it has one: {@code <edge id="e1">} */
    private static String element(XMLStreamReader xml) {
        String id = xml.getAttributeValue(null, "id");
        return id == null ? tag(xml) : "<%s id=\"%s\">".formatted(qName(xml), id);
    }

    private static String tag(XMLStreamReader xml) {
        return "<" + qName(xml) + ">";
    }

    /** @return why an element of another namespace counts as GraphML's, or "" for GraphML's own */
    private static String foreign(XMLStreamReader xml) {
        String ns = xml.getNamespaceURI();
        if (ns == null || ns.isEmpty() || ns.equals("http://graphml.graphdrawing.org/xmlns")) {
            return "";
        }
        return " (<%s> is in namespace %s, but the importer reads elements by local name)".formatted(qName(xml), ns);
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
