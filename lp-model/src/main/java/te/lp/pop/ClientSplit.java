package te.lp.pop;

import java.util.PriorityQueue;
import te.lp.Commodities;

/**
 * POP's client splitting: the commodities go into a max-heap on demand; the largest piece is popped
 * and replaced by two halves, until {@code round(threshold · N)} extra virtual commodities exist.
 * Pieces remember their origin and are returned grouped by origin in commodity order. Ties on
 * demand go to the lower piece index, so the result is deterministic.
 *
 * @param origin     original commodity of each piece
 * @param demandMbps demand of each piece in Mbps; the pieces of a commodity sum to its demand
 */
public record ClientSplit(int[] origin, double[] demandMbps) {

    /**
     * @param threshold extra pieces as a share of the commodity count, {@code >= 0}
     * @return the pieces; with threshold 0, one piece per commodity
     */
    public static ClientSplit of(Commodities commodities, double threshold) {
        return of(commodities, threshold, Integer.MAX_VALUE);
    }

    /**
     * Client splitting that never cuts a commodity into more than {@code maxPieces} pieces: with k
     * sub-problems a k-th piece already reaches every sub-problem's share of its paths, so further
     * halvings of it are spent on the next-largest commodities instead.
     *
     * @param maxPieces pieces per commodity at most, {@code >= 1}
     */
    public static ClientSplit of(Commodities commodities, double threshold, int maxPieces) {
        if (maxPieces < 1) {
            throw new IllegalArgumentException("maxPieces must be >= 1, got " + maxPieces);
        }
        if (!(threshold >= 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("client-split threshold must be finite and >= 0, got " + threshold);
        }
        int n = commodities.size();
        // No commodity splits into more than maxPieces, so more extra pieces than n · (maxPieces - 1)
        // cannot be placed: capped before sizing arrays (a large t would overflow int or exhaust the heap).
        int extra = (int) Math.min(Math.round(threshold * n), Math.min((long) n * (maxPieces - 1), Integer.MAX_VALUE - 8L - n));
        int total = n + extra;
        int[] origin = new int[total];
        double[] demand = new double[total];
        for (int k = 0; k < n; k++) {
            origin[k] = k;
            demand[k] = commodities.demandMbps(k);
        }
        if (extra > 0 && n > 0) {
            PriorityQueue<Integer> heap = new PriorityQueue<>(total, (a, b) -> {
                int c = Double.compare(demand[b], demand[a]);
                return c != 0 ? c : Integer.compare(a, b);
            });
            for (int k = 0; k < n; k++) {
                heap.add(k);
            }
            int[] pieces = new int[n];
            java.util.Arrays.fill(pieces, 1);
            int next = n;
            while (next < total && !heap.isEmpty()) {
                int largest = heap.poll();
                if (pieces[origin[largest]] >= maxPieces) {
                    continue;
                }
                pieces[origin[largest]]++;
                demand[largest] /= 2;
                demand[next] = demand[largest];
                origin[next] = origin[largest];
                heap.add(largest);
                heap.add(next);
                next++;
            }
            if (next < total) {
                return groupByOrigin(java.util.Arrays.copyOf(origin, next), java.util.Arrays.copyOf(demand, next));
            }
        }
        return groupByOrigin(origin, demand);
    }

    private static ClientSplit groupByOrigin(int[] origin, double[] demand) {
        int total = origin.length;
        int maxOrigin = -1;
        for (int o : origin) {
            maxOrigin = Math.max(maxOrigin, o);
        }
        int[] start = new int[maxOrigin + 2];
        for (int o : origin) {
            start[o + 1]++;
        }
        for (int i = 0; i <= maxOrigin; i++) {
            start[i + 1] += start[i];
        }
        int[] sortedOrigin = new int[total];
        double[] sortedDemand = new double[total];
        for (int p = 0; p < total; p++) {
            int at = start[origin[p]]++;
            sortedOrigin[at] = origin[p];
            sortedDemand[at] = demand[p];
        }
        return new ClientSplit(sortedOrigin, sortedDemand);
    }

    /** @return number of pieces (virtual commodities) */
    public int size() {
        return origin.length;
    }
}
