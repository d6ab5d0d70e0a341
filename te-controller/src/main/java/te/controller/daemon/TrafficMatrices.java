package te.controller.daemon;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixIo;

/** Traffic-matrix operations the daemon needs beyond reading and writing files. */
public final class TrafficMatrices {
    private TrafficMatrices() {
    }

    /**
     * Applies a PATCH: every pair of {@code patch} takes the patch's demand (a demand of 0 keeps the
     * pair at 0 Mbps), every other pair keeps its demand. Both inputs are sorted by (src, dst), so
     * this is one linear merge.
     *
     * @throws IllegalArgumentException if the matrices are for different node counts
     */
    public static TrafficMatrix merge(TrafficMatrix base, TrafficMatrix patch) {
        if (base.nodeCount() != patch.nodeCount()) {
            throw new IllegalArgumentException("cannot merge matrices for %d and %d nodes".formatted(base.nodeCount(), patch.nodeCount()));
        }
        long n = base.nodeCount();
        int size = base.size() + patch.size();
        int[] src = new int[size];
        int[] dst = new int[size];
        double[] demand = new double[size];
        int i = 0;
        int j = 0;
        int out = 0;
        while (i < base.size() || j < patch.size()) {
            long bk = i < base.size() ? base.src(i) * n + base.dst(i) : Long.MAX_VALUE;
            long pk = j < patch.size() ? patch.src(j) * n + patch.dst(j) : Long.MAX_VALUE;
            if (pk <= bk) {
                src[out] = patch.src(j);
                dst[out] = patch.dst(j);
                demand[out++] = patch.demandMbps(j++);
                if (pk == bk) {
                    i++;
                }
            } else {
                src[out] = base.src(i);
                dst[out] = base.dst(i);
                demand[out++] = base.demandMbps(i++);
            }
        }
        return new TrafficMatrix(base.nodeCount(), Arrays.copyOf(src, out), Arrays.copyOf(dst, out), Arrays.copyOf(demand, out));
    }

    /** @return the matrix as {@link TrafficMatrixIo#writeJson} writes it, UTF-8 */
    public static byte[] json(Topology topology, TrafficMatrix tm) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(Math.max(64, tm.size() * 48));
        try (Writer w = new OutputStreamWriter(bytes, StandardCharsets.UTF_8)) {
            TrafficMatrixIo.writeJson(topology, tm, w);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render traffic matrix", e);
        }
        return bytes.toByteArray();
    }
}
