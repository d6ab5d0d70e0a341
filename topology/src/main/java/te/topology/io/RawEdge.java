package te.topology.io;

import static java.util.Objects.requireNonNull;

/**
 * An edge as read from a file, before normalisation.
 *
 * @param element      how to name this edge in an error message (e.g. {@code "edge #12 (3-7)"})
 * @param source       source node id
 * @param target       target node id
 * @param capacityMbps capacity from the file in Mbps, or {@code null} when the file gives none
 */
public record RawEdge(String element, String source, String target, Double capacityMbps) {
    public RawEdge {
        requireNonNull(element, "element");
        requireNonNull(source, "source");
        requireNonNull(target, "target");
    }
}
