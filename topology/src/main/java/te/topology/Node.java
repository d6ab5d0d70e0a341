package te.topology;

import static java.util.Objects.requireNonNull;

/**
 * A switch/router of a normalised topology.
 *
 * @param index dense index {@code 0..n-1}, stable for a given input file
 * @param id    the node's id in the source file (GraphML {@code id}, JSON {@code id})
 * @param label human-readable name (GraphML {@code label}); equals {@code id} when the file has none
 */
public record Node(int index, String id, String label) {
    public Node {
        if (index < 0) {
            throw new IllegalArgumentException("node index must be >= 0, got " + index);
        }
        requireNonNull(id, "id");
        requireNonNull(label, "label");
    }
}
