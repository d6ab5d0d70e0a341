package te.controller.daemon;

import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.solve.AllocationPruner;
import te.controller.daemon.state.StateStore;
import te.controller.daemon.state.StoredState;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Objective;
import te.topology.Topology;

/**
 * The last good allocation. Only allocations that pass {@link AllocationChecker} get here; each is
 * persisted durably before it is served, and a persisted one is checked again when reloaded (and
 * pruned of links that failed after it was stored).
 */
public final class AllocationBook {
    private static final Logger LOG = LoggerFactory.getLogger(AllocationBook.class);
    private final StateStore store;
    private volatile Optional<AllocationSnapshot> current;

    private AllocationBook(StateStore store, Optional<AllocationSnapshot> initial) {
        this.store = store;
        this.current = initial;
    }

    /** @return the book with the persisted allocation if it still fits the topology and checks out */
    public static AllocationBook load(Topology topology, NetworkSnapshot network, StateStore store) {
        Optional<AllocationSnapshot> loaded = store.load(StateStore.ALLOCATION).flatMap(s -> parse(topology, network, store, s));
        loaded.ifPresent(a -> LOG.info("loaded allocation version {} ({}, {} objective {}, demand version {}, topology version {})",
                a.version(), a.info().method(), a.info().objective().cliName(), a.info().value(),
                a.info().demandVersion(), a.info().topologyVersion()));
        return new AllocationBook(store, loaded);
    }

    private static Optional<AllocationSnapshot> parse(Topology topology, NetworkSnapshot network, StateStore store, StoredState s) {
        try {
            AllocationSnapshot a = AllocationSnapshot.parse(s.version(), topology, network.paths().spec(), network.capacityMbps(), s.payload());
            List<String> violations = violations(a.allocation(), a.info().objective(), a.info().value());
            if (violations.isEmpty()) {
                return Optional.of(a);
            }
            // Only links that failed after it was stored: a newer allocation must not take older links' version.
            Optional<AllocationSnapshot> pruned = a.info().topologyVersion() < network.links().version()
                    ? prunedToLinks(a, topology, network) : Optional.empty();
            if (pruned.isEmpty()) {
                store.setAside(StateStore.ALLOCATION, "infeasible for the current links: " + violations.get(0));
                return Optional.empty();
            }
            try {
                store.save(StateStore.ALLOCATION, pruned.get().version(), pruned.get().json());
            } catch (java.io.UncheckedIOException e) {
                LOG.error("could not persist allocation version {} pruned of failed links; serving none until the first solve,"
                        + " the stored version {} is kept", pruned.get().version(), a.version(), e);
                return Optional.empty();
            }
            LOG.warn("allocation version {} routed over links that have failed since; serving it without that flow as version {}",
                    a.version(), pruned.get().version());
            return pruned;
        } catch (RuntimeException e) {
            store.setAside(StateStore.ALLOCATION, "does not fit topology %s: %s".formatted(topology.name(), e.getMessage()));
            return Optional.empty();
        }
    }

    /**
     * A stored allocation with flow over links whose failure was saved after it (the daemon stopped
     * between saving a link failure and persisting the pruned allocation), pruned as the running
     * daemon would have, as the next version; to be persisted before it is served. Setting it aside
     * instead would leave nothing to serve until the first solve (minutes on Kdl heavy-tailed traffic).
     *
     * @return the pruned allocation, or empty if pruning does not make it pass the check
     */
    private static Optional<AllocationSnapshot> prunedToLinks(AllocationSnapshot a, Topology topology, NetworkSnapshot network) {
        return AllocationPruner.prune(a.allocation(), topology, network).map(p -> AllocationSnapshot.of(a.version() + 1,
                AllocationPruner.prunedInfo(a.info(), p, network,
                        "flow on paths through links that failed before the restart removed until the re-solve completes", 0), p))
                .filter(p -> violations(p.allocation(), p.info().objective(), p.info().value()).isEmpty());
    }

    /**
     * The one feasibility check before anything is served: capacities (min-MLU may exceed them by
     * its own objective), demands, non-negativity.
     */
    public static List<String> violations(Allocation allocation, Objective objective, double value) {
        double allowed = objective == Objective.MIN_MLU && value > 1 ? value * (1 + 1e-6) : 1.0;
        return new AllocationChecker().violations(allocation, allowed);
    }

    /** @return the last good allocation, if any */
    public Optional<AllocationSnapshot> current() {
        return current;
    }

    /**
     * Persists and publishes a checked allocation as the next version.
     *
     * @throws IllegalArgumentException listing violations if the allocation fails the check
     */
    public synchronized AllocationSnapshot publish(AllocationInfo info, Allocation allocation) {
        List<String> violations = violations(allocation, info.objective(), info.value());
        if (!violations.isEmpty()) {
            throw new IllegalArgumentException("refusing an infeasible allocation: " + violations.get(0));
        }
        long version = current.map(AllocationSnapshot::version).orElse(0L) + 1;
        AllocationSnapshot next = AllocationSnapshot.of(version, info, allocation);
        store.save(StateStore.ALLOCATION, version, next.json());
        current = Optional.of(next);
        return next;
    }
}
