package te.controller.daemon;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.io.SerializedString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.IntPredicate;
import te.controller.AllocationJson;
import te.controller.AllocationJsonReader;
import te.controller.daemon.http.Gzip;
import te.lp.Allocation;
import te.topology.Topology;
import te.topology.paths.PathSpec;

/**
 * A checked allocation as the daemon serves and persists it. The JSON is rendered once per
 * allocation, so {@code GET /v1/allocation} under load only copies bytes.
 *
 * @param version    allocation version, +1 per new good allocation
 * @param info       origin and figures
 * @param allocation the flows
 * @param json       the full rendering (not copied)
 * @param gzip       the full rendering gzipped, made once on first request
 */
public record AllocationSnapshot(long version, AllocationInfo info, Allocation allocation, byte[] json, Gzip gzip) {
    public AllocationSnapshot {
        requireNonNull(info, "info");
        requireNonNull(allocation, "allocation");
        requireNonNull(json, "json");
        requireNonNull(gzip, "gzip");
    }

    /** A snapshot whose gzip rendering is made from {@code json} on first use. */
    public AllocationSnapshot(long version, AllocationInfo info, Allocation allocation, byte[] json) {
        this(version, info, allocation, json, new Gzip(json));
    }

    /** @return the snapshot with its JSON rendered */
    public static AllocationSnapshot of(long version, AllocationInfo info, Allocation allocation) {
        return new AllocationSnapshot(version, info, allocation, render(version, info, allocation, k -> true));
    }

    /** @return the JSON listing only the commodities {@code include} accepts (by commodity index) */
    public byte[] json(IntPredicate include) {
        return render(version, info, allocation, include);
    }

    /**
     * Rebuilds a persisted snapshot over the topology.
     *
     * @throws IllegalArgumentException naming what does not fit (unknown node, missing arc, bad field)
     */
    public static AllocationSnapshot parse(long version, Topology topology, PathSpec spec, double[] capacityMbps, byte[] json) {
        AllocationJsonReader.Parsed parsed = AllocationJsonReader.read(topology, spec, capacityMbps, json);
        String stored = parsed.fields().get("version");
        if (stored == null || Long.parseLong(stored) != version) {
            throw new IllegalArgumentException("allocation body has version %s, file header %d".formatted(stored, version));
        }
        return new AllocationSnapshot(version, AllocationInfo.fromFields(parsed.fields()), parsed.allocation(), json);
    }

    private static byte[] render(long version, AllocationInfo info, Allocation allocation, IntPredicate include) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(estimatedBytes(allocation));
        try {
            AllocationJson.write(allocation, info.objective().cliName(), info.value(), g -> {
                g.writeNumberField("version", version);
                g.writeStringField("method", info.method());
                g.writeStringField("solverStatus", info.solverStatus().name());
                g.writeStringField("message", info.message());
                g.writeNumberField("demandVersion", info.demandVersion());
                g.writeNumberField("topologyVersion", info.topologyVersion());
                g.writeNumberField("solveSeconds", info.solveSeconds());
                g.writeNumberField("wallSeconds", info.wallSeconds());
                g.writeStringField("computedAt", info.computedAt().toString());
            }, include, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render allocation", e);
        }
        return bytes.toByteArray();
    }

    /**
     * A first buffer size at least the full rendering's, so that the buffer never grows: an
     * estimate 5 % short (Kdl: 271 MB for 286 MB) made it double once, allocating and copying
     * another 542 MB. Counts every node id's own encoded length and 24 bytes per number (the longest
     * shortest-form double), plus 64 KB for the summary fields. Capped below the largest array.
     */
    static int estimatedBytes(Allocation allocation) {
        var problem = allocation.problem();
        var topology = problem.topology();
        var paths = problem.paths();
        var commodities = problem.commodities();
        int[] idBytes = new int[topology.nodeCount()];
        for (int v = 0; v < idBytes.length; v++) {
            // Escaped UTF-8, quotes and comma.
            idBytes[v] = 3 + new SerializedString(topology.nodes().get(v).id()).asQuotedUTF8().length;
        }
        final int number = 24;
        long bytes = 1 << 16;
        for (int k = 0; k < commodities.size(); k++) {
            int pair = commodities.pairIndex(k);
            // {"src":,"dst":,"demandMbps":,"flowMbps":,"paths":[]},
            bytes += 56 + idBytes[commodities.src(k)] + idBytes[commodities.dst(k)] + 2 * number;
            for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
                // {"nodes":[],"flowMbps":,"weight":},
                bytes += 35 + 2 * number + idBytes[topology.arcSrc(paths.arc(p, 0))];
                for (int j = 0; j < paths.pathLength(p); j++) {
                    bytes += idBytes[topology.arcDst(paths.arc(p, j))];
                }
            }
        }
        return (int) Math.min(bytes, Integer.MAX_VALUE - 64);
    }
}
