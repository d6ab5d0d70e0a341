package te.controller;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.Topology;
import te.topology.paths.PathSet;

/**
 * Writes an allocation as JSON: per commodity its source, destination and demand (Mbps), and per
 * path the node ids it visits, its flow (Mbps) and its split weight (flow / commodity flow; equal
 * split when the commodity gets no flow).
 */
public final class AllocationJson {
    /**
     * Doubles by Schubfach (shortest form that reads back exactly) instead of JDK 17's
     * {@code Double.toString}: Kdl's 286 MB allocation holds 3.3 million of them.
     */
    private static final JsonFactory JSON = JsonFactory.builder().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build();
    /** Commodities per rendering task of {@link #toBytes} (Kdl: 70 tasks of about 4 MB). */
    static final int CHUNK = 8192;
    static final int NUMBER_BYTES = 24;
    private static final SerializedString COMMA = new SerializedString(",");

    private AllocationJson() {
    }

    /** Extra summary fields written before the commodities (e.g. the daemon's versions and solve times). */
    @FunctionalInterface
    public interface Fields {
        /** Writes field/value pairs into the open top-level object. */
        void write(JsonGenerator g) throws IOException;

        /** No extra fields. */
        Fields NONE = g -> { };
    }

    /** Streams the allocation to {@code out}, with summary fields first. */
    public static void write(Allocation allocation, String objective, double value, Writer out) throws IOException {
        write(allocation, objective, value, Fields.NONE, k -> true, out);
    }

    /**
     * Streams the allocation with extra summary fields, listing only the commodities {@code include}
     * accepts (by commodity index); the totals stay those of the whole allocation.
     */
    public static void write(Allocation allocation, String objective, double value, Fields extra, IntPredicate include,
                             Writer out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out)) {
            write(allocation, objective, value, extra, include, g);
        }
    }

    /**
     * As {@link #write(Allocation, String, double, Fields, IntPredicate, Writer)}, as UTF-8 bytes,
     * byte for byte: the commodities are rendered in chunks of {@value #CHUNK}, in parallel on the
     * common fork-join pool, each into a buffer sized by an upper bound of its rendering, and the
     * chunks are copied once into an array of the exact size. {@code include} is called from several
     * threads, out of order and more than once per commodity: it must be stateless.
     */
    public static byte[] toBytes(Allocation allocation, String objective, double value, Fields extra, IntPredicate include)
            throws IOException {
        Chunk head = new Chunk(1 << 12);
        JsonGenerator g = JSON.createGenerator(head, JsonEncoding.UTF8);
        header(allocation, objective, value, extra, g);
        // Flushed, not closed: closing would end the open object and array.
        g.flush();
        SerializedString[] ids = ids(allocation.problem().topology());
        int[] idBytes = idBytes(ids);
        int n = allocation.problem().commodities().size();
        Chunk[] chunks;
        try {
            chunks = IntStream.range(0, (n + CHUNK - 1) / CHUNK).parallel()
                    .mapToObj(i -> chunk(allocation, ids, idBytes, i * CHUNK, Math.min(n, (i + 1) * CHUNK), include))
                    .toArray(Chunk[]::new);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        long total = head.size() + 2L;
        int written = 0;
        for (Chunk c : chunks) {
            total += c.size() + (written > 0 && c.size() > 0 ? 1 : 0);
            written += c.size() > 0 ? 1 : 0;
        }
        if (total > Integer.MAX_VALUE - 64) {
            throw new IOException("allocation JSON of %d bytes does not fit one array".formatted(total));
        }
        byte[] out = new byte[(int) total];
        int at = head.copyTo(out, 0);
        boolean first = true;
        for (Chunk c : chunks) {
            if (c.size() > 0) {
                if (!first) {
                    out[at++] = ',';
                }
                at = c.copyTo(out, at);
                first = false;
            }
        }
        out[at++] = ']';
        out[at] = '}';
        return out;
    }

    /** Commodities {@code [from, to)} that {@code include} accepts, as comma-separated objects. */
    private static Chunk chunk(Allocation allocation, SerializedString[] ids, int[] idBytes, int from, int to, IntPredicate include) {
        Chunk out = new Chunk(upperBoundBytes(allocation, idBytes, from, to, include));
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.setRootValueSeparator(COMMA);
            for (int k = from; k < to; k++) {
                if (include.test(k)) {
                    commodity(allocation, ids, k, g);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * @param idBytes per node, its rendering's bytes with quotes and separator
     * @return an upper bound of the bytes the commodities in {@code [from, to)} that {@code include}
     *         accepts render to (a one-pair request sizes its buffers for that pair): every field
     *         with its own length, {@value #NUMBER_BYTES} bytes per number (the longest shortest
     *         form of a double, e.g. {@code -2.2250738585072014E-308})
     */
    static int upperBoundBytes(Allocation allocation, int[] idBytes, int from, int to, IntPredicate include) {
        var problem = allocation.problem();
        var topology = problem.topology();
        var paths = problem.paths();
        var commodities = problem.commodities();
        long bytes = 0;
        for (int k = from; k < to; k++) {
            if (!include.test(k)) {
                continue;
            }
            int pair = commodities.pairIndex(k);
            // {"src":,"dst":,"demandMbps":,"flowMbps":,"paths":[]},
            bytes += 56 + idBytes[commodities.src(k)] + idBytes[commodities.dst(k)] + 2 * NUMBER_BYTES;
            for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
                // {"nodes":[],"flowMbps":,"weight":},
                bytes += 35 + 2 * NUMBER_BYTES + idBytes[topology.arcSrc(paths.arc(p, 0))];
                for (int j = 0; j < paths.pathLength(p); j++) {
                    bytes += idBytes[topology.arcDst(paths.arc(p, j))];
                }
            }
        }
        return (int) Math.min(bytes, Integer.MAX_VALUE - 64);
    }

    /** A byte buffer whose content is copied out once, without {@code toByteArray}'s extra copy. */
    private static final class Chunk extends ByteArrayOutputStream {
        Chunk(int size) {
            super(Math.max(size, 32));
        }

        /** @return the index after the copy */
        int copyTo(byte[] target, int at) {
            System.arraycopy(buf, 0, target, at, count);
            return at + count;
        }
    }

    private static void write(Allocation allocation, String objective, double value, Fields extra, IntPredicate include,
                              JsonGenerator g) throws IOException {
        header(allocation, objective, value, extra, g);
        SerializedString[] ids = ids(allocation.problem().topology());
        for (int k = 0; k < allocation.problem().commodities().size(); k++) {
            if (include.test(k)) {
                commodity(allocation, ids, k, g);
            }
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** The summary fields and the opening of the commodities array. */
    private static void header(Allocation allocation, String objective, double value, Fields extra, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("topology", allocation.problem().topology().name());
        g.writeStringField("objective", objective);
        g.writeNumberField("objectiveValue", value);
        g.writeNumberField("totalFlowMbps", allocation.totalFlowMbps());
        extra.write(g);
        g.writeArrayFieldStart("commodities");
    }

    /** @return per node, the bytes of its id as rendered: escaped UTF-8, quotes and separator */
    static int[] idBytes(SerializedString[] ids) {
        int[] bytes = new int[ids.length];
        for (int v = 0; v < ids.length; v++) {
            bytes[v] = 3 + ids[v].asQuotedUTF8().length;
        }
        return bytes;
    }

    /** Node ids escaped and encoded once, not once per path they appear on (Kdl: 6.4 million times). */
    static SerializedString[] ids(Topology t) {
        SerializedString[] ids = new SerializedString[t.nodeCount()];
        for (int v = 0; v < ids.length; v++) {
            ids[v] = new SerializedString(t.nodes().get(v).id());
        }
        return ids;
    }

    private static void commodity(Allocation allocation, SerializedString[] ids, int k, JsonGenerator g) throws IOException {
        TeProblem problem = allocation.problem();
        Topology t = problem.topology();
        PathSet paths = problem.paths();
        Commodities c = problem.commodities();
        int pair = c.pairIndex(k);
        double flow = allocation.commodityFlowMbps(k);
        int count = paths.pathCount(pair);
        g.writeStartObject();
        g.writeFieldName("src");
        g.writeString(ids[c.src(k)]);
        g.writeFieldName("dst");
        g.writeString(ids[c.dst(k)]);
        g.writeNumberField("demandMbps", c.demandMbps(k));
        g.writeNumberField("flowMbps", flow);
        g.writeArrayFieldStart("paths");
        for (int i = 0; i < count; i++) {
            int p = paths.firstPath(pair) + i;
            double f = allocation.pathFlowMbps(allocation.firstColumn(k) + i);
            g.writeStartObject();
            g.writeArrayFieldStart("nodes");
            g.writeString(ids[t.arcSrc(paths.arc(p, 0))]);
            for (int j = 0; j < paths.pathLength(p); j++) {
                g.writeString(ids[t.arcDst(paths.arc(p, j))]);
            }
            g.writeEndArray();
            g.writeNumberField("flowMbps", f);
            g.writeNumberField("weight", flow > 0 ? f / flow : 1.0 / count);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
