package te.controller.daemon;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.Topology;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;

/**
 * The allocation as the daemon persists it: binary, self-contained (every commodity with its own
 * paths as arc indices, so it reads back whatever paths the network has at the restart), and under
 * a third of the JSON the API serves (Kdl gravity: 80 MB against 274–286 MB). Written on every new
 * allocation, so rendering and writing the JSON took 1.2 s of each Kdl solve pass; the API renders
 * the JSON only when it is asked for.
 *
 * <p>Layout, little-endian: the magic {@code TEALLOC1}; the length of a UTF-8 JSON object with
 * the allocation's fields (as in the API's JSON: {@code version}, {@code objective}, …) plus
 * {@code topologyShape} (a hash of node ids and arc endpoints: capacities may change between
 * runs, the checker then decides) and {@code arcBytes}, then that object; the counts of commodities K, paths
 * P and arc entries Q; K sources, K destinations (node indices), K demands (Mbps), K path counts;
 * P arc counts, P flows (Mbps); Q arc indices of {@code arcBytes} bytes each. The state file
 * around it carries the length and a CRC.
 */
public final class AllocationFile {
    private static final long MAGIC = 0x31434f4c4c414554L; // "TEALLOC1" read as a little-endian long
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Field: per arc, the capacities (Mbps) the splits were computed for. */
    private static final String COMPUTED_FOR = "computedForMbps";

    private AllocationFile() {
    }

    /** @return whether {@code payload} is in this format (else: the JSON of builds before it) */
    public static boolean holds(byte[] payload) {
        return payload.length >= 8 && ByteBuffer.wrap(payload, 0, 8).order(ByteOrder.LITTLE_ENDIAN).getLong() == MAGIC;
    }

    /**
     * @return the snapshot's allocation and fields, encoded, with the capacities its problem carries
     *         as the ones its splits were computed for
     */
    public static byte[] encode(AllocationSnapshot s) {
        return encode(s, s.allocation().problem().capacityMbps());
    }

    /**
     * @param computedForMbps per arc, the capacities the splits were computed for (a drained or
     *                        failed arc at 0), so that a restart can tell a capacity regained since
     *                        (hysteresis must not keep detours around it); null when not known
     * @return the snapshot's allocation and fields, encoded
     */
    public static byte[] encode(AllocationSnapshot s, double[] computedForMbps) {
        Allocation a = s.allocation();
        TeProblem problem = a.problem();
        Commodities c = problem.commodities();
        PathSet paths = problem.paths();
        Topology topology = problem.topology();
        int k = c.size();
        int p = a.pathFlowsMbps().length;
        long[] arcEntries = {0};
        forEachPath(a, j -> arcEntries[0] += paths.pathLength(j));
        long q = arcEntries[0];
        int arcBytes = topology.arcCount() <= 1 << 16 ? 2 : 4;
        byte[] fields = fields(s, topology, arcBytes, computedForMbps);
        long size = 8 + 4 + fields.length + 12 + k * 20L + p * 12L + q * arcBytes;
        if (size > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("allocation too large to persist: %d bytes".formatted(size));
        }
        ByteBuffer b = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(MAGIC).putInt(fields.length).put(fields).putInt(k).putInt(p).putInt((int) q);
        for (int i = 0; i < k; i++) {
            b.putInt(c.src(i));
        }
        for (int i = 0; i < k; i++) {
            b.putInt(c.dst(i));
        }
        for (int i = 0; i < k; i++) {
            b.putDouble(c.demandMbps(i));
        }
        for (int i = 0; i < k; i++) {
            b.putInt(paths.pathCount(c.pairIndex(i)));
        }
        forEachPath(a, j -> b.putInt(paths.pathLength(j)));
        b.asDoubleBuffer().put(a.pathFlowsMbps());
        b.position(b.position() + 8 * p);
        forEachPath(a, j -> {
            for (int h = 0; h < paths.pathLength(j); h++) {
                if (arcBytes == 2) {
                    b.putShort((short) paths.arc(j, h));
                } else {
                    b.putInt(paths.arc(j, h));
                }
            }
        });
        return b.array();
    }

    /** Calls {@code action} with the path set index of each column of {@code a}, in column order. */
    private static void forEachPath(Allocation a, java.util.function.IntConsumer action) {
        Commodities c = a.problem().commodities();
        PathSet paths = a.problem().paths();
        for (int i = 0; i < c.size(); i++) {
            int pair = c.pairIndex(i);
            for (int j = paths.firstPath(pair); j < paths.firstPath(pair + 1); j++) {
                action.accept(j);
            }
        }
    }

    private static byte[] fields(AllocationSnapshot s, Topology topology, int arcBytes, double[] computedForMbps) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("objective", s.info().objective().cliName());
        f.put("objectiveValue", s.info().value());
        f.putAll(s.info().fields(s.version()));
        f.put("topologyShape", shape(topology));
        f.put("arcBytes", arcBytes);
        if (computedForMbps != null) {
            f.put(COMPUTED_FOR, computedForMbps);
        }
        try {
            return JSON.writeValueAsBytes(f);
        } catch (IOException e) {
            throw new IllegalStateException("cannot render allocation fields", e);
        }
    }

    /**
     * Reads a persisted allocation back over the topology; its paths are its own, not the network's.
     *
     * @param spec         recorded as the rebuilt path set's spec
     * @param capacityMbps arc capacities of the rebuilt problem (e.g. with failed arcs at 0)
     * @throws IllegalArgumentException naming what does not fit: another topology or version,
     *                                  truncation, a node or arc out of range, a path that is not a
     *                                  walk from its commodity's source to its destination
     */
    public static AllocationSnapshot decode(long version, Topology topology, PathSpec spec, double[] capacityMbps, byte[] payload) {
        try {
            return read(version, topology, spec, capacityMbps, ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN));
        } catch (BufferUnderflowException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("allocation file: truncated (%d bytes)".formatted(payload.length));
        }
    }

    /** @return the fields as written, the buffer placed after them */
    private static Map<String, Object> header(ByteBuffer b) {
        check(b.getLong() == MAGIC, "not an allocation file (bad magic)");
        int fieldBytes = b.getInt();
        check(fieldBytes >= 0 && fieldBytes <= b.remaining(), "bad length of its fields: " + fieldBytes);
        byte[] raw = new byte[fieldBytes];
        b.get(raw);
        try {
            return JSON.readValue(raw, new TypeReference<Map<String, Object>>() { });
        } catch (IOException e) {
            throw new IllegalArgumentException("allocation file: fields unreadable: " + e.getMessage(), e);
        }
    }

    /**
     * @return per arc of {@code topology}, the capacities (Mbps) the stored splits were computed
     *         for; empty when the payload does not say (the JSON of earlier builds, or a file
     *         written before this field) or does not fit the topology
     */
    public static java.util.Optional<double[]> computedFor(byte[] payload, Topology topology) {
        if (!holds(payload)) {
            return java.util.Optional.empty();
        }
        try {
            Object v = header(ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN)).get(COMPUTED_FOR);
            if (!(v instanceof java.util.List<?> list) || list.size() != topology.arcCount()) {
                return java.util.Optional.empty();
            }
            double[] out = new double[list.size()];
            for (int a = 0; a < out.length; a++) {
                if (!(list.get(a) instanceof Number n) || !(n.doubleValue() >= 0 && n.doubleValue() < Double.POSITIVE_INFINITY)) {
                    return java.util.Optional.empty();
                }
                out[a] = n.doubleValue();
            }
            return java.util.Optional.of(out);
        } catch (RuntimeException e) { // unreadable: decode names it; here it is only not known
            return java.util.Optional.empty();
        }
    }

    private static AllocationSnapshot read(long version, Topology topology, PathSpec spec, double[] capacityMbps, ByteBuffer b) {
        Map<String, String> fields = new LinkedHashMap<>();
        header(b).forEach((name, value) -> fields.put(name, value == null ? null : value.toString()));
        check(String.valueOf(version).equals(fields.get("version")),
                "holds version %s, file header %d".formatted(fields.get("version"), version));
        check(shape(topology).equals(fields.get("topologyShape")), "written for a topology of shape %s, %s has shape %s"
                .formatted(fields.get("topologyShape"), topology.name(), shape(topology)));
        int arcBytes = "2".equals(fields.get("arcBytes")) ? 2 : "4".equals(fields.get("arcBytes")) ? 4 : 0;
        check(arcBytes > 0, "arcBytes is %s, expected 2 or 4".formatted(fields.get("arcBytes")));
        AllocationInfo info = AllocationInfo.fromFields(fields);
        int k = b.getInt();
        int p = b.getInt();
        int q = b.getInt();
        check(k >= 0 && p >= 0 && q >= 0 && b.remaining() == k * 20L + p * 12L + (long) q * arcBytes,
                "%d bytes after the counts (%d commodities, %d paths, %d arcs), expected %d".formatted(b.remaining(), k, p, q,
                        k * 20L + p * 12L + (long) q * arcBytes));
        int[] src = ints(b, k);
        int[] dst = ints(b, k);
        double[] demand = doubles(b, k, "demand", false);
        int[] pathStart = starts(ints(b, k), p, "path counts");
        int[] arcStart = starts(ints(b, p), q, "arc counts");
        double[] flow = doubles(b, p, "flow", true);
        int[] arcs = new int[q];
        for (int i = 0; i < q; i++) {
            arcs[i] = arcBytes == 2 ? Short.toUnsignedInt(b.getShort()) : b.getInt();
        }
        checkWalks(topology, src, dst, pathStart, arcStart, arcs);
        int[] identity = new int[k];
        for (int i = 0; i < k; i++) {
            identity[i] = i;
        }
        PathSet paths;
        try {
            paths = new PathSet(topology.contentHash(), spec, topology.nodeCount(), src, dst, pathStart, arcStart, arcs);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("allocation file: " + e.getMessage(), e);
        }
        Allocation allocation = new Allocation(new TeProblem(topology, paths, Commodities.of(src, dst, demand, identity), capacityMbps), flow);
        return AllocationSnapshot.of(version, info, allocation);
    }

    /** @return {@code n} finite values, each {@code > 0} ({@code >= 0} where {@code zero} is allowed) */
    private static double[] doubles(ByteBuffer b, int n, String what, boolean zero) {
        double[] out = new double[n];
        b.asDoubleBuffer().get(out);
        b.position(b.position() + 8 * n);
        for (int i = 0; i < n; i++) {
            // Written so that NaN fails too.
            if (!(out[i] < Double.POSITIVE_INFINITY && (zero ? out[i] >= 0 : out[i] > 0))) {
                check(false, "%s %d is %s, expected a finite value %s 0".formatted(what, i, out[i], zero ? ">=" : ">"));
            }
        }
        return out;
    }

    /** @return a hash of the node ids and arc endpoints, lowercase hex */
    static String shape(Topology topology) {
        try {
            java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
            for (te.topology.Node node : topology.nodes()) {
                digest.update(node.id().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            ByteBuffer arc = ByteBuffer.allocate(8);
            for (int a = 0; a < topology.arcCount(); a++) {
                digest.update(arc.clear().putInt(topology.arcSrc(a)).putInt(topology.arcDst(a)).array());
            }
            return java.util.HexFormat.of().formatHex(digest.digest(), 0, 12);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    private static int[] ints(ByteBuffer b, int n) {
        int[] out = new int[n];
        b.asIntBuffer().get(out);
        b.position(b.position() + 4 * n);
        return out;
    }

    /** @return the prefix sums of {@code counts}, which must be non-negative and add up to {@code total} */
    private static int[] starts(int[] counts, int total, String what) {
        int[] start = new int[counts.length + 1];
        for (int i = 0; i < counts.length; i++) {
            // Messages are formatted only on failure: this runs for every path of every commodity.
            if (counts[i] < 0 || counts[i] > total - start[i]) {
                check(false, "%s do not add up to %d at entry %d".formatted(what, total, i));
            }
            start[i + 1] = start[i] + counts[i];
        }
        check(start[counts.length] == total, "%s add up to %d, expected %d".formatted(what, start[counts.length], total));
        return start;
    }

    /** Every path must run over existing arcs from its commodity's source to its destination. */
    private static void checkWalks(Topology topology, int[] src, int[] dst, int[] pathStart, int[] arcStart, int[] arcs) {
        int n = topology.nodeCount();
        for (int i = 0; i < src.length; i++) {
            if (src[i] < 0 || src[i] >= n || dst[i] < 0 || dst[i] >= n || src[i] == dst[i]) {
                check(false, "commodity %d runs %d->%d, %s has nodes 0..%d".formatted(i, src[i], dst[i], topology.name(), n - 1));
            }
            for (int j = pathStart[i]; j < pathStart[i + 1]; j++) {
                int at = src[i];
                if (arcStart[j + 1] == arcStart[j]) {
                    check(false, "commodity %d has an empty path".formatted(i));
                }
                for (int h = arcStart[j]; h < arcStart[j + 1]; h++) {
                    int arc = arcs[h];
                    if (arc < 0 || arc >= topology.arcCount() || topology.arcSrc(arc) != at) {
                        check(false, "commodity %d: path %d is not a walk over %s's arcs at its arc %d (%d)"
                                .formatted(i, j - pathStart[i], topology.name(), h - arcStart[j], arc));
                    }
                    at = topology.arcDst(arc);
                }
                if (at != dst[i]) {
                    check(false, "commodity %d: path %d ends at node %d, not %d".formatted(i, j - pathStart[i], at, dst[i]));
                }
            }
        }
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException("allocation file: " + message);
        }
    }
}
