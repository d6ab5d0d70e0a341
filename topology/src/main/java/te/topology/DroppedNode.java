package te.topology;

import static java.util.Objects.requireNonNull;

/**
 * A node the file has that normalisation left out, because it lies outside the largest strongly
 * connected component: kept so that naming it is answered with why it is missing, not "unknown".
 *
 * @param id    the node's id in the source file
 * @param label its label in the file ({@code id} when the file gives none)
 */
public record DroppedNode(String id, String label) {
    public DroppedNode {
        requireNonNull(id, "id");
        requireNonNull(label, "label");
    }

    /** @return whether {@code idOrLabel} names this node as {@link Topology#resolveNode} names kept ones */
    boolean isNamed(String idOrLabel) {
        return id.equals(idOrLabel) || label.equalsIgnoreCase(idOrLabel);
    }
}
