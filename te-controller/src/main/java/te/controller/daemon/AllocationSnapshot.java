package te.controller.daemon;

import static java.util.Objects.requireNonNull;

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
        try {
            return AllocationJson.toBytes(allocation, info.objective().cliName(), info.value(), g -> {
                g.writeNumberField("version", version);
                g.writeStringField("method", info.method());
                g.writeStringField("solverStatus", info.solverStatus().name());
                g.writeStringField("message", info.message());
                g.writeNumberField("demandVersion", info.demandVersion());
                g.writeNumberField("topologyVersion", info.topologyVersion());
                g.writeNumberField("solveSeconds", info.solveSeconds());
                g.writeNumberField("wallSeconds", info.wallSeconds());
                g.writeStringField("computedAt", info.computedAt().toString());
            }, include);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render allocation", e);
        }
    }
}
