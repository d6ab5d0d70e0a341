package te.lp;

import te.topology.paths.PathSet;
import te.topology.traffic.TrafficMatrix;

/**
 * The commodities an LP routes: traffic-matrix entries with demand {@code > 0} and at least one
 * path, in (src, dst) order. Entries with zero demand or without any path get no variables and are
 * counted here so callers can report them.
 */
public final class Commodities {
    private final int[] src;
    private final int[] dst;
    private final double[] demandMbps;
    private final int[] pairIndex;
    private final int zeroDemand;
    private final int withoutPath;
    private final double unroutableDemandMbps;

    private Commodities(int[] src, int[] dst, double[] demandMbps, int[] pairIndex, int zeroDemand, int withoutPath,
                        double unroutableDemandMbps) {
        this.src = src;
        this.dst = dst;
        this.demandMbps = demandMbps;
        this.pairIndex = pairIndex;
        this.zeroDemand = zeroDemand;
        this.withoutPath = withoutPath;
        this.unroutableDemandMbps = unroutableDemandMbps;
    }

    /**
     * @param paths paths covering the matrix's pairs (e.g. all pairs)
     * @return the routable commodities of {@code tm}
     * @throws IllegalArgumentException if the matrix and paths are for different node counts
     */
    public static Commodities of(TrafficMatrix tm, PathSet paths) {
        if (tm.nodeCount() != paths.nodeCount()) {
            throw new IllegalArgumentException("traffic matrix has %d nodes but paths were computed for %d"
                    .formatted(tm.nodeCount(), paths.nodeCount()));
        }
        int n = tm.size();
        int[] s = new int[n];
        int[] d = new int[n];
        double[] dem = new double[n];
        int[] pair = new int[n];
        int count = 0;
        int zero = 0;
        int noPath = 0;
        double unroutable = 0;
        for (int i = 0; i < n; i++) {
            double demand = tm.demandMbps(i);
            if (demand <= 0) {
                zero++;
                continue;
            }
            int p = paths.pairIndex(tm.src(i), tm.dst(i));
            if (p < 0 || paths.pathCount(p) == 0) {
                noPath++;
                unroutable += demand;
                continue;
            }
            s[count] = tm.src(i);
            d[count] = tm.dst(i);
            dem[count] = demand;
            pair[count++] = p;
        }
        return new Commodities(java.util.Arrays.copyOf(s, count), java.util.Arrays.copyOf(d, count),
                java.util.Arrays.copyOf(dem, count), java.util.Arrays.copyOf(pair, count), zero, noPath, unroutable);
    }

    /**
     * A subset of (possibly split) commodities, e.g. one POP sub-problem.
     *
     * @param src        source per commodity
     * @param dst        destination per commodity
     * @param demandMbps demand per commodity, {@code > 0}
     * @param pairIndex  index of the commodity's pair in the shared {@link PathSet}
     */
    public static Commodities of(int[] src, int[] dst, double[] demandMbps, int[] pairIndex) {
        return new Commodities(src, dst, demandMbps, pairIndex, 0, 0, 0);
    }

    /**
     * @param indices commodities to keep, in the order wanted
     * @return those commodities (same pairs and demands), in that order
     */
    public Commodities subset(int[] indices) {
        int[] s = new int[indices.length];
        int[] d = new int[indices.length];
        double[] dem = new double[indices.length];
        int[] pair = new int[indices.length];
        for (int i = 0; i < indices.length; i++) {
            int k = indices[i];
            s[i] = src[k];
            d[i] = dst[k];
            dem[i] = demandMbps[k];
            pair[i] = pairIndex[k];
        }
        return of(s, d, dem, pair);
    }

    /** @return number of routable commodities */
    public int size() {
        return src.length;
    }

    /** @return source node of commodity {@code k} */
    public int src(int k) {
        return src[k];
    }

    /** @return destination node of commodity {@code k} */
    public int dst(int k) {
        return dst[k];
    }

    /** @return demand of commodity {@code k} in Mbps */
    public double demandMbps(int k) {
        return demandMbps[k];
    }

    /** @return index of commodity {@code k}'s pair in the path set */
    public int pairIndex(int k) {
        return pairIndex[k];
    }

    /** @return matrix entries skipped because their demand is zero */
    public int zeroDemandSkipped() {
        return zeroDemand;
    }

    /** @return matrix entries with demand but no path (e.g. after link failures) */
    public int withoutPathSkipped() {
        return withoutPath;
    }

    /** @return demand of the entries without a path, in Mbps */
    public double unroutableDemandMbps() {
        return unroutableDemandMbps;
    }

    /** @return total routable demand in Mbps */
    public double totalDemandMbps() {
        double sum = 0;
        for (double d : demandMbps) {
            sum += d;
        }
        return sum;
    }

    /**
     * @return commodity indices by descending demand, ties by descending index (demands compared as
     *         floats: equal at float precision counts as a tie); deterministic
     */
    public int[] byDescendingDemand() {
        int n = size();
        long[] order = new long[n];
        for (int k = 0; k < n; k++) {
            // Non-negative floats order like their bit patterns: demand in the high half, index below.
            order[k] = ((long) Float.floatToIntBits((float) demandMbps[k]) << 32) | k;
        }
        java.util.Arrays.sort(order);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = (int) order[n - 1 - i];
        }
        return out;
    }

    /**
     * @param fraction share of the commodities, heaviest first (at least one is counted)
     * @return the share of the total demand they carry (0 without commodities)
     */
    public double topDemandShare(double fraction) {
        int[] order = byDescendingDemand();
        int count = Math.max(1, (int) (fraction * order.length));
        double top = 0;
        for (int i = 0; i < Math.min(count, order.length); i++) {
            top += demandMbps[order[i]];
        }
        double total = totalDemandMbps();
        return total > 0 ? top / total : 0;
    }
}
