package te.topology;

/** Ordered node pairs in the one order every module uses: row-major, source then destination. */
public final class NodePairs {
    private NodePairs() {
    }

    /** @return {src[], dst[]} of every ordered pair of distinct nodes of an n-node graph, row-major */
    public static int[][] allOrdered(int n) {
        int[] src = new int[n * (n - 1)];
        int[] dst = new int[src.length];
        int i = 0;
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                if (u != v) {
                    src[i] = u;
                    dst[i++] = v;
                }
            }
        }
        return new int[][] {src, dst};
    }
}
