package te.topology.traffic;

import java.util.Arrays;

/**
 * Demands between ordered node pairs (commodities), in flat arrays sorted by (src, dst), unique,
 * without self-pairs. Zero demands are allowed (generators keep them so that counts match the
 * reference's n·(n−1) pairs); solvers skip them.
 */
public final class TrafficMatrix {
    private final int nodeCount;
    private final int[] src;
    private final int[] dst;
    private final double[] demandMbps;

    /**
     * Takes ownership of the arrays.
     *
     * @param nodeCount  nodes of the topology the indices refer to
     * @param src        source node per entry
     * @param dst        destination node per entry
     * @param demandMbps demand per entry in Mbps, finite and {@code >= 0}
     * @throws IllegalArgumentException naming the first bad entry
     */
    public TrafficMatrix(int nodeCount, int[] src, int[] dst, double[] demandMbps) {
        if (src.length != dst.length || src.length != demandMbps.length) {
            throw new IllegalArgumentException("array lengths differ: src=%d dst=%d demand=%d"
                    .formatted(src.length, dst.length, demandMbps.length));
        }
        for (int i = 0; i < src.length; i++) {
            if (src[i] < 0 || src[i] >= nodeCount || dst[i] < 0 || dst[i] >= nodeCount || src[i] == dst[i]) {
                throw new IllegalArgumentException("entry %d (%d->%d): nodes must be distinct and in 0..%d"
                        .formatted(i, src[i], dst[i], nodeCount - 1));
            }
            if (!(demandMbps[i] >= 0) || Double.isInfinite(demandMbps[i])) {
                throw new IllegalArgumentException("entry %d (%d->%d): demand must be finite and >= 0 Mbps, got %s"
                        .formatted(i, src[i], dst[i], demandMbps[i]));
            }
            if (i > 0 && (long) src[i - 1] * nodeCount + dst[i - 1] >= (long) src[i] * nodeCount + dst[i]) {
                throw new IllegalArgumentException("entry %d (%d->%d): entries must be sorted by (src, dst) without duplicates"
                        .formatted(i, src[i], dst[i]));
            }
        }
        this.nodeCount = nodeCount;
        this.src = src;
        this.dst = dst;
        this.demandMbps = demandMbps;
    }

    /** @return nodes of the topology the indices refer to */
    public int nodeCount() {
        return nodeCount;
    }

    /** @return number of entries (including zero demands) */
    public int size() {
        return src.length;
    }

    /** @return source node of entry {@code i} */
    public int src(int i) {
        return src[i];
    }

    /** @return destination node of entry {@code i} */
    public int dst(int i) {
        return dst[i];
    }

    /** @return demand of entry {@code i} in Mbps */
    public double demandMbps(int i) {
        return demandMbps[i];
    }

    /** @return sum of all demands in Mbps */
    public double totalDemandMbps() {
        double sum = 0;
        for (double d : demandMbps) {
            sum += d;
        }
        return sum;
    }

    /** @return number of entries with demand {@code > 0} */
    public int positiveCount() {
        int count = 0;
        for (double d : demandMbps) {
            if (d > 0) {
                count++;
            }
        }
        return count;
    }

    /** @return a copy of the source array */
    public int[] srcArray() {
        return src.clone();
    }

    /** @return a copy of the destination array */
    public int[] dstArray() {
        return dst.clone();
    }

    /** @return a copy of the demands in Mbps */
    public double[] demandArray() {
        return demandMbps.clone();
    }

    /** @return this matrix with every demand multiplied by {@code factor} ({@code >= 0}) */
    public TrafficMatrix scale(double factor) {
        if (!(factor >= 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("scale factor must be finite and >= 0, got " + factor);
        }
        double[] scaled = new double[demandMbps.length];
        for (int i = 0; i < scaled.length; i++) {
            scaled[i] = demandMbps[i] * factor;
        }
        return new TrafficMatrix(nodeCount, src, dst, scaled);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TrafficMatrix other && nodeCount == other.nodeCount
                && Arrays.equals(src, other.src) && Arrays.equals(dst, other.dst)
                && Arrays.equals(demandMbps, other.demandMbps);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(demandMbps) * 31 + Arrays.hashCode(dst);
    }

    @Override
    public String toString() {
        return "TrafficMatrix[%d entries, %.3f Mbps total]".formatted(size(), totalDemandMbps());
    }
}
