package te.controller.daemon;

import java.io.ByteArrayInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.state.StateStore;
import te.controller.daemon.state.StoredState;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixFormatException;
import te.topology.traffic.TrafficMatrixIo;

/**
 * The accepted demands. Changes are serialised, persisted durably, and only then made visible, so
 * an acknowledged version survives a crash and readers never see a version that was not persisted.
 */
public final class DemandBook {
    private static final Logger LOG = LoggerFactory.getLogger(DemandBook.class);
    private final Topology topology;
    private final StateStore store;
    private volatile DemandSnapshot current;

    private DemandBook(Topology topology, StateStore store, DemandSnapshot initial) {
        this.topology = topology;
        this.store = store;
        this.current = initial;
    }

    /** @return the book with the persisted demands, or empty demands at version 0 if there are none usable */
    public static DemandBook load(Topology topology, StateStore store) {
        DemandSnapshot initial = store.load(StateStore.DEMANDS).flatMap(s -> parse(topology, store, s))
                .orElseGet(() -> {
                    TrafficMatrix empty = new TrafficMatrix(topology.nodeCount(), new int[0], new int[0], new double[0]);
                    return new DemandSnapshot(0, empty, TrafficMatrices.json(topology, empty));
                });
        return new DemandBook(topology, store, initial);
    }

    private static java.util.Optional<DemandSnapshot> parse(Topology topology, StateStore store, StoredState s) {
        try {
            TrafficMatrix tm = TrafficMatrixIo.readJson(topology, "stored demands", new ByteArrayInputStream(s.payload()));
            LOG.info("loaded demands version {}: {} entries, {} Mbps in total", s.version(), tm.size(), tm.totalDemandMbps());
            return java.util.Optional.of(new DemandSnapshot(s.version(), tm, s.payload()));
        } catch (TrafficMatrixFormatException e) {
            store.setAside(StateStore.DEMANDS, "does not fit topology %s: %s".formatted(topology.name(), e.violations().get(0)));
            return java.util.Optional.empty();
        }
    }

    /** @return the current demands */
    public DemandSnapshot current() {
        return current;
    }

    /** Replaces every demand; returns once the new version is durable. */
    public synchronized DemandSnapshot replace(TrafficMatrix tm) {
        return commit(tm);
    }

    /** Changes the patch's pairs only; returns once the new version is durable. */
    public synchronized DemandSnapshot patch(TrafficMatrix patch) {
        return commit(TrafficMatrices.merge(current.matrix(), patch));
    }

    private DemandSnapshot commit(TrafficMatrix tm) {
        DemandSnapshot next = new DemandSnapshot(current.version() + 1, tm, TrafficMatrices.json(topology, tm));
        store.save(StateStore.DEMANDS, next.version(), next.json());
        current = next;
        return next;
    }
}
