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
 * The last good allocation. Only allocations that pass {@link AllocationChecker} get here. Each is
 * persisted durably before it is served, except a pruning after a link failure, which goes out at
 * once and is persisted right after ({@link #serveFirst}). Every version is recorded as served
 * (a small file) before it goes out, so a restart serves neither a version number again nor an
 * older one, even when the crash came between serving and persisting or the allocation file is
 * lost; only losing both files restarts the count. A persisted allocation is checked again when
 * reloaded (and pruned of links that failed after it was stored).
 */
public final class AllocationBook {
    private static final Logger LOG = LoggerFactory.getLogger(AllocationBook.class);
    private final StateStore store;
    /** The allocation served now with what changed in it, or null before the first; one field, so a reader sees a matching pair. */
    private volatile Served served;
    /** The highest version that may have been served or is stored, by this run or an earlier one; guarded by this. */
    private long highWater;

    /** The version of the allocation read from the state directory at start-up, -1 when none. */
    private final long loadedVersion;

    /**
     * Per arc, the capacities the allocation read at start-up was computed for, as its file says;
     * null when it does not (then its splits are neither kept nor put back, see {@link #computedForMbps}).
     */
    private final double[] loadedComputedFor;

    private AllocationBook(StateStore store, Optional<AllocationSnapshot> initial, long highWater, double[] loadedComputedFor) {
        this.store = store;
        this.loadedComputedFor = loadedComputedFor;
        this.served = initial.map(a -> new Served(a, null)).orElse(null);
        this.highWater = highWater;
        this.loadedVersion = initial.map(AllocationSnapshot::version).orElse(-1L);
    }

    /**
     * @return per arc, the capacities (Mbps) {@code s}'s splits were computed for: its problem's,
     *         except for the allocation read at start-up, whose problem carries the capacities of
     *         the links loaded with it (a drain lifted since would look like no change): then its
     *         file's record, empty when the file has none (written by an earlier build)
     */
    public Optional<double[]> computedForMbps(AllocationSnapshot s) {
        if (s.version() != loadedVersion) {
            return Optional.of(s.allocation().problem().capacityMbps());
        }
        return Optional.ofNullable(loadedComputedFor);
    }

    /** @return the book with the persisted allocation if it still fits the topology and checks out */
    public static AllocationBook load(Topology topology, NetworkSnapshot network, StateStore store) {
        Optional<StoredState> stored = store.load(StateStore.ALLOCATION);
        long storedVersion = stored.map(StoredState::version).orElse(0L);
        Optional<Long> servedMark = servedMark(store, storedVersion);
        long highWater = Math.max(servedMark.orElse(storedVersion + 1), storedVersion);
        if (servedMark.isEmpty() || highWater > servedMark.get()) {
            // Before the stored allocation can be set aside below: its number must outlive it.
            mark(store, highWater);
        }
        double[] computedFor = stored.flatMap(s -> AllocationFile.computedFor(s.payload(), topology)).orElse(null);
        Optional<AllocationSnapshot> loaded = stored.flatMap(s -> parse(topology, network, store, s, highWater, computedFor));
        loaded.ifPresent(a -> LOG.info("loaded allocation version {} ({}, {} objective {}, demand version {}, topology version {})",
                a.version(), a.info().method(), a.info().objective().cliName(), a.info().value(),
                a.info().demandVersion(), a.info().topologyVersion()));
        if (loaded.isEmpty() && highWater > 0) {
            LOG.info("no stored allocation to serve; the next one is version {}", highWater + 1);
        }
        return new AllocationBook(store, loaded, Math.max(highWater, loaded.map(AllocationSnapshot::version).orElse(0L)), computedFor);
    }

    /**
     * @return the highest version recorded as served (0 when there is no record: a first start, or
     *         a state directory from before it), or empty when the record exists but cannot be
     *         read: then one more than the stored allocation's is to be taken as served (every
     *         publication records its version before it writes the allocation, so the record is at
     *         most one ahead unless writes of the allocation failed after serving)
     */
    private static Optional<Long> servedMark(StateStore store, long storedVersion) {
        boolean present = java.nio.file.Files.exists(store.fileOf(StateStore.SERVED));
        Optional<StoredState> mark = store.load(StateStore.SERVED);
        if (mark.isEmpty() && present) {
            LOG.warn("the record of served allocation versions was unreadable; assuming version {} was served", storedVersion + 1);
            return Optional.empty();
        }
        return Optional.of(mark.map(StoredState::version).orElse(0L));
    }

    /** Records durably that allocations up to {@code version} may have been served. */
    private static void mark(StateStore store, long version) {
        try {
            store.save(StateStore.SERVED, version, new byte[0]);
        } catch (java.io.UncheckedIOException e) {
            LOG.error("cannot record allocation version {} as served; if the stored allocation is lost too, a later start may"
                    + " reuse version numbers", version, e);
        }
    }

    private static Optional<AllocationSnapshot> parse(Topology topology, NetworkSnapshot network, StateStore store, StoredState s,
                                                      long highWater, double[] computedFor) {
        try {
            AllocationSnapshot a = AllocationSnapshot.parse(s.version(), topology, network.paths().spec(), network.servingCapacityMbps(), s.payload());
            List<String> violations = violations(a.allocation(), a.info().objective(), a.info().value());
            if (violations.isEmpty() && a.version() == highWater) {
                return Optional.of(a);
            }
            Optional<AllocationSnapshot> next;
            if (violations.isEmpty()) {
                // Versions after it were served and not stored (the daemon died in between): clients
                // saw those numbers with other flows, so this one comes back under a new number.
                next = Optional.of(AllocationSnapshot.of(highWater + 1, withNote(a.info(),
                        "stored as version %d; served again as a new version after a restart that lost versions up to %d"
                                .formatted(a.version(), highWater)), a.allocation()));
            } else if (a.info().topologyVersion() < network.links().version()) {
                // Only links that failed after it was stored: a newer allocation must not take older links' version.
                next = prunedToLinks(a, topology, network, highWater + 1);
            } else {
                next = Optional.empty();
            }
            if (next.isEmpty()) {
                store.setAsideUnfit(StateStore.ALLOCATION, "infeasible for the current links: " + violations.get(0));
                return Optional.empty();
            }
            try {
                store.save(StateStore.ALLOCATION, next.get().version(), AllocationFile.encode(next.get(), computedFor));
            } catch (java.io.UncheckedIOException e) {
                LOG.error("could not persist stored allocation version {} as version {}; serving none until the first solve,"
                        + " the stored version is kept", a.version(), next.get().version(), e);
                return Optional.empty();
            }
            if (violations.isEmpty()) {
                LOG.warn("allocation version {} is the last one stored, but versions up to {} were served; serving it again as version {}",
                        a.version(), highWater, next.get().version());
            } else {
                LOG.warn("allocation version {} routed over links that have failed since; serving it without that flow as version {}",
                        a.version(), next.get().version());
            }
            return next;
        } catch (RuntimeException e) {
            store.setAsideUnfit(StateStore.ALLOCATION, "does not fit topology %s: %s".formatted(topology.name(), e.getMessage()));
            return Optional.empty();
        }
    }

    private static AllocationInfo withNote(AllocationInfo i, String note) {
        return withNote(i, note, i.demandVersion(), i.topologyVersion());
    }

    /** @return {@code i} with {@code note} added to its message and these versions */
    private static AllocationInfo withNote(AllocationInfo i, String note, long demandVersion, long topologyVersion) {
        return new AllocationInfo(i.objective(), i.value(), i.method(), i.solverStatus(),
                i.message().isEmpty() ? note : i.message() + "; " + note, demandVersion, topologyVersion,
                i.solveSeconds(), i.wallSeconds(), i.computedAt());
    }

    /**
     * A stored allocation with flow over links whose failure was saved after it (the daemon stopped
     * between saving a link failure and persisting the pruned allocation), pruned as the running
     * daemon would have, as {@code version}; to be persisted before it is served. Setting it aside
     * instead would leave nothing to serve until the first solve (minutes on Kdl heavy-tailed traffic).
     *
     * @return the pruned allocation, or empty if pruning does not make it pass the check
     */
    private static Optional<AllocationSnapshot> prunedToLinks(AllocationSnapshot a, Topology topology, NetworkSnapshot network,
                                                              long version) {
        return AllocationPruner.prune(a.allocation(), a.info().objective(), topology, network).map(p -> AllocationSnapshot.of(version,
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

    /**
     * An allocation as it is served, with which of its commodities changed since earlier versions.
     * The changes are worked out on first use, from the allocation served before it, outside the
     * locks publications take ({@link #workOutChanges}: on Kdl the comparison takes 0.03–0.12 s),
     * so that a link failure's pruning never waits for it.
     */
    public static final class Served {
        private final AllocationSnapshot snapshot;
        /** The allocation served before, until the changes are worked out; null for a run's first. */
        private Served previous;
        private volatile AllocationChanges changes;

        private Served(AllocationSnapshot snapshot, Served previous) {
            this.snapshot = snapshot;
            if (previous == null) {
                changes = AllocationChanges.first(snapshot.version(), snapshot.allocation());
            } else {
                // At most one allocation kept alive behind this one: one published before its
                // changes were worked out has them worked out now.
                previous.changes();
            }
            this.previous = previous;
        }

        /** @return the allocation */
        public AllocationSnapshot snapshot() {
            return snapshot;
        }

        /** @return its changes ({@code changes().version() == snapshot().version()}), worked out now if not yet */
        public AllocationChanges changes() {
            AllocationChanges c = changes;
            if (c == null) {
                synchronized (this) {
                    if (changes == null) {
                        long start = System.nanoTime();
                        AllocationChanges before = previous.changes();
                        changes = before.next(previous.snapshot.allocation(), snapshot.version(), snapshot.allocation());
                        previous = null; // no chain of old allocations kept alive
                        // Churn per version, for the operator: how many commodities each new allocation moves.
                        LOG.info("allocation version {}: {} of {} commodities changed since version {}, {} pairs left ({} ms to compare)",
                                snapshot.version(), changes.changedCount(before.version()), changes.changedAt().length, before.version(),
                                changes.removedAfter(before.version()).length, (System.nanoTime() - start) / 1_000_000);
                    }
                    c = changes;
                }
            }
            return c;
        }
    }

    /**
     * Works out the served allocation's changes now, if not yet: for a publisher to call once it
     * has let go of its locks (the comparison is not free on large networks). Any thread.
     */
    public void workOutChanges() {
        Served s = served;
        if (s != null) {
            s.changes();
        }
    }

    /**
     * At start-up, after the demand and link books loaded: a stored allocation labelled with a
     * demand or link-state version ahead of the books' was computed for state that was set aside
     * (its versions restart at 0 and will be reused). It is served under -1 for each version that
     * is gone, so that it is never taken for current, and a link change always prunes it (a
     * pruning is skipped for an allocation labelled with the links' version).
     */
    public synchronized void relabelIfAhead(long demandVersion, long topologyVersion) {
        Served s = served;
        if (s == null) {
            return;
        }
        AllocationInfo i = s.snapshot().info();
        boolean demandsGone = i.demandVersion() > demandVersion;
        boolean linksGone = i.topologyVersion() > topologyVersion;
        if (!demandsGone && !linksGone) {
            return;
        }
        String note = "computed for %s that were set aside at a restart".formatted(demandsGone && linksGone
                ? "demand version %d and link-state version %d".formatted(i.demandVersion(), i.topologyVersion())
                : demandsGone ? "demand version %d".formatted(i.demandVersion()) : "link-state version %d".formatted(i.topologyVersion()));
        AllocationInfo relabelled = withNote(i, note, demandsGone ? -1 : i.demandVersion(), linksGone ? -1 : i.topologyVersion());
        LOG.warn("allocation version {} {}: served labelled with version -1 for them until the start-up solve", s.snapshot().version(), note);
        AllocationSnapshot a = AllocationSnapshot.of(s.snapshot().version(), relabelled, s.snapshot().allocation());
        try {
            // Stored so: once the books' versions catch up, the old labels would name their new contents.
            store.save(StateStore.ALLOCATION, a.version(), AllocationFile.encode(a, computedForMbps(s.snapshot()).orElse(null)));
        } catch (java.io.UncheckedIOException e) {
            LOG.error("could not store allocation version {} relabelled; it is served relabelled all the same", a.version(), e);
        }
        served = new Served(a, null);
    }

    /** @return the last good allocation, if any */
    public Optional<AllocationSnapshot> current() {
        return Optional.ofNullable(served).map(Served::snapshot);
    }

    /**
     * @return how many commodities the served allocation changed against the one before it (what
     *         a re-solve moved), or empty when there is none or it is the run's first
     */
    public java.util.OptionalInt changedCommodities() {
        Served s = served;
        int n = s == null ? -1 : s.changes().changedByThisVersion();
        return n < 0 ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(n);
    }

    /** @return the last good allocation with its changes, if any */
    public Optional<Served> served() {
        return Optional.ofNullable(served);
    }

    /**
     * Persists and publishes a checked allocation as the next version: its number is recorded as
     * served first, so that it outlives the allocation file (set aside if it is ever corrupt).
     *
     * @throws IllegalArgumentException listing violations if the allocation fails the check
     * @throws java.io.UncheckedIOException if it cannot be persisted (nothing is published)
     */
    public synchronized AllocationSnapshot publish(AllocationInfo info, Allocation allocation) {
        AllocationSnapshot next = checked(info, allocation);
        byte[] stored = AllocationFile.encode(next);
        Served following = new Served(next, served);
        recordServed(next);
        store.save(StateStore.ALLOCATION, next.version(), stored);
        served = following;
        return next;
    }

    /**
     * Publishes a checked allocation as the next version and hands it out before persisting it:
     * for a pruning after a link failure, which must not wait for its encoding and write (0.14 s on
     * Kdl; 1.2 s when the daemon persisted its JSON). The version is first recorded durably as
     * served (a small file), so a restart after a crash before the write serves a later version,
     * never this number with other flows and never an older one. A failed write is logged, not
     * thrown: the allocation is already out, and a restart derives it again from the stored
     * allocation and links; the next publication persists as usual.
     *
     * @param handOut receives the snapshot once it is served and before it is persisted (e.g. the
     *                switches' publisher); must not throw
     * @throws IllegalArgumentException listing violations if the allocation fails the check
     * @throws java.io.UncheckedIOException if the version cannot be recorded as served (nothing is published)
     */
    public synchronized AllocationSnapshot serveFirst(AllocationInfo info, Allocation allocation,
                                                      java.util.function.Consumer<AllocationSnapshot> handOut) {
        long start = System.nanoTime();
        AllocationSnapshot next = checked(info, allocation);
        Served following = new Served(next, served);
        recordServed(next);
        served = following;
        handOut.accept(next);
        long served = System.nanoTime();
        try {
            store.save(StateStore.ALLOCATION, next.version(), AllocationFile.encode(next));
            LOG.info("allocation version {} served {} ms after it came (check, served mark, hand-out), persisted {} ms after that",
                    next.version(), (served - start) / 1_000_000, (System.nanoTime() - served) / 1_000_000);
        } catch (RuntimeException e) {
            LOG.error("allocation version {} is served but could not be persisted; a restart derives it again from the stored"
                    + " allocation and links and serves that as a later version", next.version(), e);
        }
        return next;
    }

    /** @return the allocation as the next version (after every version served or stored), after the check */
    private AllocationSnapshot checked(AllocationInfo info, Allocation allocation) {
        List<String> violations = violations(allocation, info.objective(), info.value());
        if (!violations.isEmpty()) {
            throw new IllegalArgumentException("refusing an infeasible allocation: " + violations.get(0));
        }
        return AllocationSnapshot.of(highWater + 1, info, allocation);
    }

    /** Records durably that {@code next}'s version may be served from now on. */
    private void recordServed(AllocationSnapshot next) {
        store.save(StateStore.SERVED, next.version(), new byte[0]);
        highWater = next.version();
    }
}
