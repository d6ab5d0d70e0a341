package te.topology.io;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A topology exactly as a file describes it: possibly undirected, with parallel edges, self-loops
 * and several components. {@link TopologyNormalizer} turns it into a {@link te.topology.Topology}.
 *
 * @param source   file name, for error messages
 * @param name     network name (the file stem)
 * @param directed whether each edge is one arc ({@code true}) or a link in both directions
 * @param nodes    nodes in file order (this order fixes node indices)
 * @param edges    edges in file order
 */
public record RawGraph(String source, String name, boolean directed, List<RawNode> nodes, List<RawEdge> edges) {
    public RawGraph {
        requireNonNull(source, "source");
        requireNonNull(name, "name");
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }
}
