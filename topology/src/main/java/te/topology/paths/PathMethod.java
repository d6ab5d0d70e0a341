package te.topology.paths;

/** Which k paths each node pair gets. */
public enum PathMethod {
    /**
     * A maximum set of arc-disjoint paths (unit-capacity max-flow with shortest augmenting paths, as
     * networkx's {@code edge_disjoint_paths} that the reference calls), ranked by metric length;
     * the k shortest are kept.
     */
    EDGE_DISJOINT,
    /** Yen's k shortest simple (loopless) paths under the metric. */
    YEN
}
