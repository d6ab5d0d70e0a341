package te.topology.paths;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import te.topology.NodePairs;
import te.topology.Topology;

/**
 * Computes k paths for many node pairs in parallel, one task per source node, each worker thread
 * with its own finder. The result does not depend on the thread count: blocks are joined in source
 * order.
 */
public final class PathPrecomputation {
    /** Receives progress as sources finish; called from worker threads. */
    @FunctionalInterface
    public interface Progress {
        /** @param done sources finished so far, @param total sources in all */
        void update(int done, int total);

        /** Ignores progress. */
        Progress NONE = (done, total) -> { };
    }

    private PathPrecomputation() {
    }

    /**
     * @param threads worker threads, {@code >= 1}
     * @return paths for every ordered pair of distinct nodes, pairs sorted by (src, dst)
     */
    public static PathSet allPairs(Topology topology, PathSpec spec, int threads, Progress progress) {
        int[][] pairs = NodePairs.allOrdered(topology.nodeCount());
        return forPairs(topology, spec, pairs[0], pairs[1], threads, progress);
    }

    /**
     * @param src     sources, sorted together with {@code dst} by (src, dst), no duplicates, no self-pairs
     * @param dst     destinations
     * @param threads worker threads, {@code >= 1}
     * @return paths for exactly these pairs
     * @throws IllegalArgumentException if the pairs are unsorted, repeated, self-pairs or out of range
     */
    public static PathSet forPairs(Topology topology, PathSpec spec, int[] src, int[] dst, int threads, Progress progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        validatePairs(topology, src, dst);
        Supplier<PairPathFinder> finders = finderFactory(topology, spec);
        ThreadLocal<PairPathFinder> finder = ThreadLocal.withInitial(finders);
        List<int[]> groups = sourceGroups(src);
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "paths");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Block>> futures = new ArrayList<>(groups.size());
            for (int[] group : groups) {
                futures.add(pool.submit(() -> {
                    Block block = Block.compute(finder.get(), src, dst, group[0], group[1]);
                    progress.update(done.incrementAndGet(), groups.size());
                    return block;
                }));
            }
            List<Block> blocks = new ArrayList<>(futures.size());
            for (Future<Block> f : futures) {
                blocks.add(f.get());
            }
            return assemble(topology, spec, src.clone(), dst.clone(), blocks);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("path precomputation interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("path precomputation failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static Supplier<PairPathFinder> finderFactory(Topology topology, PathSpec spec) {
        return switch (spec.method()) {
            case EDGE_DISJOINT -> () -> new EdgeDisjointPathFinder(topology, spec);
            case YEN -> () -> new YenPathFinder(topology, spec);
        };
    }

    private static void validatePairs(Topology topology, int[] src, int[] dst) {
        if (src.length != dst.length) {
            throw new IllegalArgumentException("src and dst lengths differ: %d vs %d".formatted(src.length, dst.length));
        }
        int n = topology.nodeCount();
        for (int i = 0; i < src.length; i++) {
            if (src[i] < 0 || src[i] >= n || dst[i] < 0 || dst[i] >= n || src[i] == dst[i]) {
                throw new IllegalArgumentException("pair %d (%d->%d): nodes must be distinct and in 0..%d"
                        .formatted(i, src[i], dst[i], n - 1));
            }
            if (i > 0 && (src[i - 1] > src[i] || (src[i - 1] == src[i] && dst[i - 1] >= dst[i]))) {
                throw new IllegalArgumentException("pair %d (%d->%d): pairs must be sorted by (src, dst) without duplicates"
                        .formatted(i, src[i], dst[i]));
            }
        }
    }

    /** @return [from, to) index ranges of pairs sharing a source */
    private static List<int[]> sourceGroups(int[] src) {
        List<int[]> groups = new ArrayList<>();
        for (int from = 0; from < src.length; ) {
            int to = from;
            while (to < src.length && src[to] == src[from]) {
                to++;
            }
            groups.add(new int[] {from, to});
            from = to;
        }
        return groups;
    }

    private static PathSet assemble(Topology topology, PathSpec spec, int[] src, int[] dst, List<Block> blocks) {
        int paths = 0;
        long arcEntries = 0;
        for (Block b : blocks) {
            paths += b.lengths.length;
            arcEntries += b.arcs.length;
        }
        if (arcEntries > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("too many path arcs for one PathSet: " + arcEntries);
        }
        int[] pathStart = new int[src.length + 1];
        int[] arcStart = new int[paths + 1];
        int[] arcs = new int[(int) arcEntries];
        int pair = 0;
        int path = 0;
        int arcPos = 0;
        for (Block b : blocks) {
            for (int count : b.pathCounts) {
                pathStart[pair + 1] = pathStart[pair] + count;
                pair++;
            }
            for (int length : b.lengths) {
                arcStart[path + 1] = arcStart[path] + length;
                path++;
            }
            System.arraycopy(b.arcs, 0, arcs, arcPos, b.arcs.length);
            arcPos += b.arcs.length;
        }
        return new PathSet(topology.contentHash(), spec, topology.nodeCount(), src, dst, pathStart, arcStart, arcs);
    }

    /** The paths of one source's pairs, flattened. */
    private record Block(int[] pathCounts, int[] lengths, int[] arcs) {
        static Block compute(PairPathFinder finder, int[] src, int[] dst, int from, int to) {
            int[] counts = new int[to - from];
            IntBuffer lengths = new IntBuffer(4 * (to - from));
            IntBuffer arcs = new IntBuffer(32 * (to - from));
            for (int i = from; i < to; i++) {
                int[][] paths = finder.find(src[i], dst[i]);
                counts[i - from] = paths.length;
                for (int[] p : paths) {
                    lengths.add(p.length);
                    arcs.addAll(p);
                }
            }
            return new Block(counts, lengths.toArray(), arcs.toArray());
        }
    }

    /** A growable int array; avoids boxing millions of arc indices. */
    private static final class IntBuffer {
        private int[] data;
        private int size;

        IntBuffer(int capacity) {
            data = new int[Math.max(capacity, 16)];
        }

        void add(int v) {
            if (size == data.length) {
                data = Arrays.copyOf(data, data.length * 2);
            }
            data[size++] = v;
        }

        void addAll(int[] values) {
            if (size + values.length > data.length) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, size + values.length));
            }
            System.arraycopy(values, 0, data, size, values.length);
            size += values.length;
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
