package te.topology.io;

import static java.util.Objects.requireNonNull;

/**
 * A node as read from a file, before normalisation.
 *
 * @param id    the file's node id, unique within the file
 * @param label human-readable name; the id when the file has none
 */
public record RawNode(String id, String label) {
    public RawNode {
        requireNonNull(id, "id");
        requireNonNull(label, "label");
    }
}
