package te.controller.daemon;

import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.state.StateStore;
import te.controller.daemon.state.StoredState;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixBuilder;
import te.topology.traffic.TrafficMatrixFormatException;
import te.topology.traffic.TrafficMatrixIo;

/**
 * The accepted demands. Changes are serialised, persisted durably, and only then made visible, so
 * an acknowledged version survives a crash and readers never see a version that was not persisted.
 * A PUT persists the validated request body itself (one line naming its format first), which is
 * much cheaper than rendering half a million entries again; a PATCH persists the merged matrix.
 */
public final class DemandBook {
    private static final Logger LOG = LoggerFactory.getLogger(DemandBook.class);
    private final Topology topology;
    private final StateStore store;
    private volatile DemandSnapshot current;

    /** Formats a persisted demand payload can have. */
    public enum Format {
        /** {@link TrafficMatrixIo} JSON. */
        JSON,
        /** {@link TrafficMatrixIo} CSV. */
        CSV
    }

    private DemandBook(Topology topology, StateStore store, DemandSnapshot initial) {
        this.topology = topology;
        this.store = store;
        this.current = initial;
    }

    /** @return the book with the persisted demands, or empty demands at version 0 if there are none usable */
    public static DemandBook load(Topology topology, StateStore store) {
        DemandSnapshot initial = store.load(StateStore.DEMANDS).flatMap(s -> parse(topology, store, s))
                .orElseGet(() -> new DemandSnapshot(0, new TrafficMatrix(topology.nodeCount(), new int[0], new int[0], new double[0]),
                        topology, null));
        return new DemandBook(topology, store, initial);
    }

    private static Optional<DemandSnapshot> parse(Topology topology, StateStore store, StoredState s) {
        byte[] p = s.payload();
        int newline = 0;
        while (newline < Math.min(p.length, 8) && p[newline] != '\n') {
            newline++;
        }
        String format = new String(p, 0, newline, StandardCharsets.US_ASCII);
        // Versions before the upload stripped it stored a body's byte-order mark as it came.
        int start = Math.min(p.length, newline + 1);
        start += te.topology.io.Utf8Bom.length(p, start);
        ByteArrayInputStream body = new ByteArrayInputStream(p, start, p.length - start);
        // An edited topology (TopologyStamp lets one in) may lack nodes the demands name: the other
        // pairs still apply, so they are served at once instead of waiting for the next upload.
        TrafficMatrixBuilder builder = TrafficMatrixBuilder.droppingUnknownNodes(topology, "stored demands");
        TrafficMatrix tm;
        try {
            tm = switch (format) {
                case "json" -> TrafficMatrixIo.readJson(builder, body);
                case "csv" -> TrafficMatrixIo.readCsv(builder, new InputStreamReader(body, StandardCharsets.UTF_8));
                default -> throw new TrafficMatrixFormatException("stored demands",
                        java.util.List.of("format line '%s' is neither json nor csv".formatted(format)));
            };
        } catch (TrafficMatrixFormatException e) {
            store.setAsideUnfit(StateStore.DEMANDS, "does not fit topology %s: %s".formatted(topology.name(), e.violations().get(0)));
            return Optional.empty();
        }
        long version = s.version();
        byte[] json = null;
        if (builder.droppedCount() > 0) {
            version++;
            json = TrafficMatrices.json(topology, tm);
            store.supersede(StateStore.DEMANDS, version, payload(Format.JSON, json), "%s has no node of %d pairs (%s%s); the other %d kept"
                    .formatted(topology.name(), builder.droppedCount(), String.join(", ", builder.dropped()),
                            builder.droppedCount() > builder.dropped().size() ? ", …" : "", tm.size()));
        }
        LOG.info("loaded demands version {}: {} entries, {} Mbps in total", version, tm.size(), tm.totalDemandMbps());
        return Optional.of(new DemandSnapshot(version, tm, topology, json));
    }

    /** @return the current demands */
    public DemandSnapshot current() {
        return current;
    }

    /**
     * Replaces every demand; returns once the new version is durable.
     *
     * @param body   the request body {@code tm} was read from, persisted as it is
     * @param format its format
     */
    public synchronized DemandSnapshot replace(TrafficMatrix tm, byte[] body, Format format) {
        return commit(new DemandSnapshot(current.version() + 1, tm, topology, null), body, format);
    }

    /**
     * Replaces every demand, persisted by node id as JSON; returns once the new version is durable.
     * For a body naming nodes by label, which would name other nodes once labels are edited, and
     * for a patch merged into the demands.
     */
    public synchronized DemandSnapshot replace(TrafficMatrix tm) {
        byte[] json = TrafficMatrices.json(topology, tm);
        return commit(new DemandSnapshot(current.version() + 1, tm, topology, json), json, Format.JSON);
    }

    /** Changes the patch's pairs only; returns once the new version is durable. */
    public synchronized DemandSnapshot patch(TrafficMatrix patch) {
        return replace(TrafficMatrices.merge(current.matrix(), patch));
    }

    private DemandSnapshot commit(DemandSnapshot next, byte[] body, Format format) {
        store.save(StateStore.DEMANDS, next.version(), payload(format, body));
        current = next;
        return next;
    }

    /** @return the stored form: a line naming the format, then the body */
    private static byte[] payload(Format format, byte[] body) {
        byte[] head = (format.name().toLowerCase(java.util.Locale.ROOT) + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] payload = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, payload, head.length, body.length);
        return payload;
    }
}
