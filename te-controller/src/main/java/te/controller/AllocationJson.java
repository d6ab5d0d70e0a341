package te.controller;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.function.IntPredicate;
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
     * As {@link #write(Allocation, String, double, Fields, IntPredicate, Writer)}, as UTF-8 bytes:
     * Jackson encodes straight into the stream, without a character-encoding layer.
     */
    public static void write(Allocation allocation, String objective, double value, Fields extra, IntPredicate include,
                             OutputStream out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            write(allocation, objective, value, extra, include, g);
        }
    }

    private static void write(Allocation allocation, String objective, double value, Fields extra, IntPredicate include,
                              JsonGenerator g) throws IOException {
        TeProblem problem = allocation.problem();
        Topology t = problem.topology();
        PathSet paths = problem.paths();
        Commodities c = problem.commodities();
        g.writeStartObject();
        g.writeStringField("topology", t.name());
        g.writeStringField("objective", objective);
        g.writeNumberField("objectiveValue", value);
        g.writeNumberField("totalFlowMbps", allocation.totalFlowMbps());
        extra.write(g);
        g.writeArrayFieldStart("commodities");
        // Node ids escaped and encoded once, not once per path they appear on (Kdl: 6.4 million times).
        SerializedString[] ids = new SerializedString[t.nodeCount()];
        for (int v = 0; v < ids.length; v++) {
            ids[v] = new SerializedString(t.nodes().get(v).id());
        }
        for (int k = 0; k < c.size(); k++) {
            if (!include.test(k)) {
                continue;
            }
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
        g.writeEndArray();
        g.writeEndObject();
    }
}
