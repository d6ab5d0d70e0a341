package te.topology.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import te.topology.TopologyFormatException;

/**
 * Reads networkx node-link JSON ({@code {"directed":…, "nodes":[{"id":…}], "links":[{"source":…,
 * "target":…, "capacity":…}]}}), the format of TEAVAR's {@code b4-teavar.json}. {@code capacity}
 * is taken as Mbps, as the POP/NCFlow reference wrote it.
 */
public final class NodeLinkJsonReader {
    /** Strict: a key given twice or anything after the document would otherwise be ignored without a word. */
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // Decimals keep what the file wrote: 1e999 read as a double is Infinity, which the file does not say.
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /**
     * @param source name of the input for error messages
     * @param bytes  the whole file
     * @return the graph as the file describes it
     * @throws TopologyFormatException naming the element at fault
     */
    public RawGraph read(String source, byte[] bytes) {
        JsonNode root;
        try {
            root = MAPPER.readTree(Utf8Bom.strip(bytes));
        } catch (JsonProcessingException e) {
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            throw new TopologyFormatException(source, null, "not valid JSON: "
                    + (at == null ? "" : "line %d, column %d: ".formatted(at.getLineNr(), at.getColumnNr())) + JsonSyntax.why(e), e);
        } catch (IOException e) {
            throw new TopologyFormatException(source, null, "cannot read: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new TopologyFormatException(source, null, "expected a JSON object with 'nodes' and 'links'");
        }
        JsonNode nodesJson = array(source, root, "nodes");
        if (!root.has("links") && !root.has("edges")) {
            throw new TopologyFormatException(source, null, "expected an array 'links' (or 'edges') at the top level");
        }
        if (root.has("links") && root.has("edges")) {
            // networkx writes one of them; with both, which one holds the network is a guess.
            throw new TopologyFormatException(source, null, "has both 'links' and 'edges', expected one of them");
        }
        JsonNode linksJson = root.has("links") ? array(source, root, "links") : array(source, root, "edges");
        JsonNode directedJson = root.get("directed");
        if (directedJson != null && !directedJson.isBoolean()) {
            throw new TopologyFormatException(source, null, "'directed' must be true or false, got %s".formatted(directedJson));
        }
        // Absent means undirected, as networkx's node_link_graph reads it.
        boolean directed = directedJson != null && directedJson.booleanValue();
        JsonNode multigraphJson = root.get("multigraph");
        if (multigraphJson != null && !multigraphJson.isBoolean()) {
            throw new TopologyFormatException(source, null, "'multigraph' must be true or false, got %s".formatted(multigraphJson));
        }
        // Parallel links of a multigraph add up their capacities; in a plain graph a link given twice
        // is a mistake (networkx keeps the last one): which capacity is meant is a guess.
        boolean multigraph = multigraphJson == null || multigraphJson.booleanValue();
        Map<String, String> firstOfPair = new HashMap<>();

        List<RawNode> nodes = new ArrayList<>();
        for (int i = 0; i < nodesJson.size(); i++) {
            String element = "nodes[%d]".formatted(i);
            JsonNode node = object(source, element, nodesJson.get(i), "{\"id\": ...}");
            String id = idText(source, element, node.get("id"), "id");
            JsonNode label = node.has("label") ? node.get("label") : node.get("name");
            String labelText = label != null && label.isValueNode() ? label.asText() : id;
            checkUnicode(source, element, node.has("label") ? "label" : "name", labelText);
            nodes.add(new RawNode(id, labelText));
        }
        List<RawEdge> edges = new ArrayList<>();
        for (int i = 0; i < linksJson.size(); i++) {
            String element = "links[%d]".formatted(i);
            JsonNode link = object(source, element, linksJson.get(i), "{\"source\": ..., \"target\": ...}");
            String u = idText(source, element, link.get("source"), "source");
            String v = idText(source, element, link.get("target"), "target");
            if (!multigraph) {
                String pair = directed || u.compareTo(v) <= 0 ? u + "\u0000" + v : v + "\u0000" + u;
                String first = firstOfPair.putIfAbsent(pair, element);
                if (first != null) {
                    throw new TopologyFormatException(source, element, ("links %s and %s join the same nodes %s and %s in a file with "
                            + "\"multigraph\": false; give the link once").formatted(first, element, u, v));
                }
            }
            edges.add(new RawEdge("%s (%s->%s)".formatted(element, u, v), u, v, capacity(source, element, link.get("capacity"))));
        }
        return new RawGraph(source, GraphMlReader.stem(source), directed, nodes, edges);
    }

    private static JsonNode array(String source, JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || !node.isArray()) {
            throw new TopologyFormatException(source, null, "expected an array '%s' at the top level".formatted(field));
        }
        return node;
    }

    /** A node or link given as anything but an object would otherwise be said to lack its fields ("got null"). */
    private static JsonNode object(String source, String element, JsonNode value, String expected) {
        if (!value.isObject()) {
            throw new TopologyFormatException(source, element, "expected an object %s, got %s".formatted(expected, value));
        }
        return value;
    }

    private static String idText(String source, String element, JsonNode value, String field) {
        if (value == null) {
            throw new TopologyFormatException(source, element, "'%s' is missing; expected a non-empty string or integer".formatted(field));
        }
        if (!(value.isTextual() || value.isIntegralNumber()) || value.asText().isEmpty()) {
            throw new TopologyFormatException(source, element,
                    "'%s' must be a non-empty string or integer, got %s".formatted(field, value));
        }
        return checkUnicode(source, element, field, value.asText());
    }

    /**
     * A JSON escape can spell a lone UTF-16 surrogate (U+D800 to U+DFFF), which no UTF-8 text holds:
     * two such ids print alike ({@code ?x}) and the matrices written with them cannot be read back.
     *
     * @return {@code text} when it is valid Unicode
     */
    private static String checkUnicode(String source, String element, String field, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new TopologyFormatException(source, element, ("'%s' holds an unpaired UTF-16 surrogate \\u%04X at character %d; "
                        + "expected valid Unicode text").formatted(field, (int) c, i));
            }
        }
        return text;
    }

    private static Double capacity(String source, String element, JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isNumber()) {
            throw new TopologyFormatException(source, element, "'capacity' must be a number of Mbps, got " + value);
        }
        double mbps = value.doubleValue();
        if (Double.isInfinite(mbps)) {
            throw new TopologyFormatException(source, element, "'capacity' must be a number of Mbps from %.0e to %.0e, got %s"
                    .formatted(te.topology.Link.MIN_CAPACITY_MBPS, te.topology.Link.MAX_CAPACITY_MBPS, value));
        }
        return mbps;
    }
}
