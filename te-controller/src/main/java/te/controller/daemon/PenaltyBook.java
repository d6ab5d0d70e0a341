package te.controller.daemon;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import te.controller.daemon.state.StateStore;
import te.topology.Topology;

/**
 * The links' flap-damping penalties, kept in the state directory so that a restarted daemon keeps a
 * flapping link down for the rest of its penalty instead of taking it back after the hold-down. A line
 * {@code shape SHAPE} ({@link AllocationFile#shape}: arc numbers name other links in an edited
 * topology), then one line per arc, {@code ARC PENALTY SUPPRESSED}; the file's version is the time they were taken, ms
 * since the epoch, so the penalties decay over the time the daemon was away too.
 */
public final class PenaltyBook {
    /**
     * First line: the topology's shape the arc numbers refer to. Files without it (from builds
     * before it) are read as before.
     */
    private static final String SHAPE = "shape ";
    private final StateStore store;
    private final Topology topology;

    PenaltyBook(StateStore store, Topology topology) {
        this.store = store;
        this.topology = topology;
    }

    /** Persists durably; @throws java.io.UncheckedIOException when it cannot */
    void save(List<FlapPenalty> penalties, long takenAtMillis) {
        StringBuilder text = new StringBuilder(SHAPE).append(AllocationFile.shape(topology)).append('\n');
        for (FlapPenalty p : penalties) {
            text.append(p.arc()).append(' ').append(p.penalty()).append(' ').append(p.suppressed()).append('\n');
        }
        store.save(StateStore.PENALTIES, takenAtMillis, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** @return the stored penalties and when they were taken; a file that does not fit the topology is set aside */
    Optional<Stored> load() {
        return store.load(StateStore.PENALTIES).flatMap(s -> {
            try {
                return Optional.of(new Stored(parse(s.payload(), topology), s.version()));
            } catch (IllegalArgumentException e) {
                store.setAside(StateStore.PENALTIES, e.getMessage());
                return Optional.empty();
            }
        });
    }

    /**
     * @return the penalties a file's payload holds, one {@code ARC PENALTY SUPPRESSED} line each
     * @throws IllegalArgumentException naming the first line that is not one, or not an arc of {@code topology}
     */
    public static List<FlapPenalty> parse(byte[] payload, Topology topology) {
        List<FlapPenalty> out = new ArrayList<>();
        for (String line : new String(payload, StandardCharsets.UTF_8).split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith(SHAPE)) {
                String shape = AllocationFile.shape(topology);
                if (!line.substring(SHAPE.length()).equals(shape)) {
                    throw new IllegalArgumentException(("taken on another shape of %s (%s, now %s: links or nodes changed), where "
                            + "its arc numbers named other links").formatted(topology.name(), line.substring(SHAPE.length()), shape));
                }
                continue;
            }
            String[] w = line.split(" ");
            try {
                FlapPenalty p = new FlapPenalty(Integer.parseInt(w[0]), Double.parseDouble(w[1]), Boolean.parseBoolean(w[2]));
                if (w.length != 3 || p.arc() >= topology.arcCount()) {
                    throw new IllegalArgumentException("not an arc of " + topology.name());
                }
                out.add(p);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("line '%s' is not 'ARC PENALTY SUPPRESSED' (%s)".formatted(line, e.getMessage()), e);
            }
        }
        return List.copyOf(out);
    }

    /**
     * @param penalties     the penalties, each as of {@code takenAtMillis}
     * @param takenAtMillis when they were taken, ms since the epoch
     */
    public record Stored(List<FlapPenalty> penalties, long takenAtMillis) {
    }
}
