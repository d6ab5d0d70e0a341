package te.controller.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.state.CorruptStateException;
import te.controller.daemon.state.StateStore;
import te.controller.daemon.state.StoredState;
import te.topology.Topology;

/**
 * Which network a state directory belongs to: its topology's name and shape (node ids and arc
 * endpoints, not capacities), recorded at the first start. A daemon started on another network's
 * directory would take its demands wherever node ids coincide and set its link states and
 * allocation aside, so it is refused before anything is read or changed.
 *
 * @param name  topology name
 * @param shape {@link AllocationFile#shape} of the topology
 */
public record TopologyStamp(String name, String shape) {
    /** State kind of the stamp. */
    public static final String KIND = "topology";
    private static final Logger LOG = LoggerFactory.getLogger(TopologyStamp.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** @return the stamp of {@code topology} */
    public static TopologyStamp of(Topology topology) {
        return new TopologyStamp(topology.name(), AllocationFile.shape(topology));
    }

    /**
     * Checks that {@code store} belongs to {@code topology} and records it if so. The same name with
     * another shape is an edited topology and the same shape under another name a renamed file:
     * both are taken, with a warning, and the stamp follows. A directory without a stamp (new, or
     * from a build before it) is stamped.
     *
     * @throws IllegalStateException naming both networks if the directory belongs to another one
     */
    public static void claim(StateStore store, Topology topology) {
        TopologyStamp now = of(topology);
        Optional<TopologyStamp> was;
        String unreadable = null;
        try {
            Optional<StoredState> stored = store.read(KIND);
            was = stored.flatMap(TopologyStamp::parse);
            unreadable = stored.isPresent() && was.isEmpty() ? "its content is not a topology stamp" : null;
        } catch (CorruptStateException e) {
            was = Optional.empty();
            unreadable = e.getMessage();
        }
        if (unreadable != null) {
            // Stamping it anew would take another network's demands and link states wherever node
            // ids coincide, and lock the directory's own network out from then on.
            if (store.holdsStateBut(KIND)) {
                throw new IllegalStateException(("state directory %s: its topology stamp %s cannot be read (%s), so which network "
                        + "its demands, link states and allocation belong to cannot be checked; nothing was read or changed. If the "
                        + "directory is %s's, move %s away and start again; otherwise give %s its own --state-dir")
                        .formatted(store.directory(), store.fileOf(KIND).getFileName(), unreadable, now.name(),
                                store.fileOf(KIND).getFileName(), now.name()));
            }
            store.setAside(KIND, unreadable);
        }
        if (was.isPresent() && was.get().equals(now)) {
            return;
        }
        if (was.isPresent()) {
            TopologyStamp w = was.get();
            w.requireFits(topology, store.directory());
            LOG.warn("state directory {} was stamped for {} (shape {}); taking it for {} (shape {}): {}", store.directory(), w.name(),
                    w.shape(), now.name(), now.shape(), w.name().equals(now.name()) ? "the topology was edited" : "the same network renamed");
        }
        store.save(KIND, 1, now.json());
    }

    /**
     * @param directory the state directory this stamp is from, for the message
     * @throws IllegalStateException naming both networks unless {@code topology} has this stamp's
     *                               name or shape (an edited or renamed network is the same one)
     */
    public void requireFits(Topology topology, java.nio.file.Path directory) {
        TopologyStamp now = of(topology);
        if (!name.equals(now.name()) && !shape.equals(now.shape())) {
            throw new IllegalStateException(("state directory %s belongs to topology %s (shape %s), not %s (shape %s); nothing was "
                    + "read or changed: use that topology (-t %s), or give %s its own --state-dir")
                    .formatted(directory, name, shape, now.name(), now.shape(), name, now.name()));
        }
    }

    private byte[] json() {
        return JSON.createObjectNode().put("name", name).put("shape", shape).toString().getBytes(StandardCharsets.UTF_8);
    }

    /** @return the stamp in a stored payload, or empty (logged) when it cannot be read: the directory is then stamped anew */
    public static Optional<TopologyStamp> parse(StoredState s) {
        try {
            JsonNode n = JSON.readTree(s.payload());
            if (n != null && n.path("name").isTextual() && n.path("shape").isTextual()) {
                return Optional.of(new TopologyStamp(n.get("name").asText(), n.get("shape").asText()));
            }
        } catch (IOException e) {
            // fall through: reported below
        }
        LOG.warn("topology stamp of the state directory is unreadable; stamping it anew");
        return Optional.empty();
    }
}
