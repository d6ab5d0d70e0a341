package te.controller.daemon;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import te.controller.AllocationJson;
import te.controller.AllocationJsonReader;
import te.controller.daemon.http.Gzip;
import te.lp.Allocation;
import te.topology.Topology;
import te.topology.paths.PathSpec;

/**
 * A checked allocation as the daemon serves and persists it. The JSON is rendered at most once per
 * allocation, on first use, so {@code GET /v1/allocation} under load only copies bytes, and an
 * allocation served before it is persisted (a pruning after a link failure) goes to the switches
 * without waiting for its 286 MB rendering on Kdl.
 *
 * @param version    allocation version, +1 per new good allocation
 * @param info       origin and figures
 * @param allocation the flows
 * @param body       the full rendering, made once
 */
public record AllocationSnapshot(long version, AllocationInfo info, Allocation allocation, Body body) {
    public AllocationSnapshot {
        requireNonNull(info, "info");
        requireNonNull(allocation, "allocation");
        requireNonNull(body, "body");
    }

    /**
     * The JSON rendering of one snapshot and its gzip, each made once, on first use, by whichever
     * thread asks first (the others wait for it).
     */
    public static final class Body {
        private final Supplier<byte[]> render;
        private volatile byte[] json;
        private volatile Gzip gzip;

        private Body(Supplier<byte[]> render, byte[] json) {
            this.render = render;
            this.json = json;
        }

        /** @return the rendering (not copied) */
        public byte[] json() {
            byte[] j = json;
            if (j == null) {
                synchronized (this) {
                    if (json == null) {
                        json = render.get();
                    }
                    j = json;
                }
            }
            return j;
        }

        /** @return the rendering gzipped, compressed on first use */
        public Gzip gzip() {
            Gzip g = gzip;
            if (g == null) {
                synchronized (this) {
                    if (gzip == null) {
                        gzip = new Gzip(json());
                    }
                    g = gzip;
                }
            }
            return g;
        }
    }

    /** @return the full rendering, made now if no one asked for it before */
    public byte[] json() {
        return body.json();
    }

    /** @return the full rendering gzipped, made on first use */
    public Gzip gzip() {
        return body.gzip();
    }

    /** @return the snapshot; its JSON is rendered on first use */
    public static AllocationSnapshot of(long version, AllocationInfo info, Allocation allocation) {
        return new AllocationSnapshot(version, info, allocation, new Body(() -> render(version, info, allocation, k -> true,
                AllocationJson.Fields.NONE), null));
    }

    /** @return the JSON listing only the commodities {@code include} accepts (by commodity index) */
    public byte[] json(IntPredicate include) {
        return render(version, info, allocation, include, AllocationJson.Fields.NONE);
    }

    /**
     * @param include which commodities to list, by index; called from several threads: stateless
     * @param more    fields written after the summary's, before the commodities
     * @return the JSON listing only the commodities {@code include} accepts
     */
    public byte[] json(IntPredicate include, AllocationJson.Fields more) {
        return render(version, info, allocation, include, more);
    }

    /**
     * Rebuilds a persisted snapshot over the topology: {@link AllocationFile}'s format, or the JSON
     * that builds before it persisted.
     *
     * @throws IllegalArgumentException naming what does not fit (unknown node, missing arc, bad field)
     */
    public static AllocationSnapshot parse(long version, Topology topology, PathSpec spec, double[] capacityMbps, byte[] stored) {
        if (AllocationFile.holds(stored)) {
            return AllocationFile.decode(version, topology, spec, capacityMbps, stored);
        }
        AllocationJsonReader.Parsed parsed = AllocationJsonReader.read(topology, spec, capacityMbps, stored);
        String field = parsed.fields().get("version");
        if (field == null || Long.parseLong(field) != version) {
            throw new IllegalArgumentException("allocation body has version %s, file header %d".formatted(field, version));
        }
        return new AllocationSnapshot(version, AllocationInfo.fromFields(parsed.fields()), parsed.allocation(), new Body(null, stored));
    }

    private static byte[] render(long version, AllocationInfo info, Allocation allocation, IntPredicate include,
                                 AllocationJson.Fields more) {
        try {
            return AllocationJson.toBytes(allocation, info.objective().cliName(), info.value(), g -> {
                for (Map.Entry<String, Object> field : info.fields(version).entrySet()) {
                    g.writeObjectField(field.getKey(), field.getValue());
                }
                more.write(g);
            }, include);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render allocation", e);
        }
    }
}
