package te.controller.daemon.solve;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.AllocationBook;
import te.controller.daemon.AllocationChanges;
import te.controller.daemon.AllocationInfo;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.DaemonMetrics;
import te.controller.daemon.DemandBook;
import te.controller.daemon.DemandSnapshot;
import te.controller.daemon.NetworkBook;
import te.controller.daemon.NetworkSnapshot;
import te.controller.daemon.solve.SolveReport.Outcome;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.ShorterPaths;
import te.lp.SolveStatus;
import te.lp.TeProblem;
import te.lp.baseline.Cspf;
import te.topology.Topology;

/**
 * One solve pass: takes the current demands and network, solves (full LP or POP), and publishes
 * the allocation only if it is complete and passes the checker. After a link failure the last good
 * allocation is first served without its flow over the failed links ({@link AllocationPruner}).
 * On failure the last good one stays, unless there is none yet (or it still routes over a failed
 * link): then CSPF's allocation on the current network is served, so what is served is always
 * feasible for the live network.
 */
public final class SolveRunner {
    private static final Logger LOG = LoggerFactory.getLogger(SolveRunner.class);

    private final Topology topology;
    private final DemandBook demands;
    private final NetworkBook network;
    private final AllocationBook allocations;
    private final SolveSettings settings;
    private final Publication publication;
    private final DaemonMetrics metrics;
    private long sequence;
    /** The last allocation version this runner published in this run (0: none yet). */
    private long publishedHere;

    /**
     * Two optimal solves of the same LP whose values differ by less than this, relative, differ by
     * rounding only: far below the certified gap (1e-7 by default), far above a double's sums.
     */
    static final double SAME_OPTIMUM = 1e-9;

    /** Wires a runner over the daemon's books. */
    public SolveRunner(Topology topology, DemandBook demands, NetworkBook network, AllocationBook allocations,
                       SolveSettings settings, AllocationPublisher publisher, DaemonMetrics metrics) {
        this.topology = topology;
        this.demands = demands;
        this.network = network;
        this.allocations = allocations;
        this.settings = settings;
        this.publication = new Publication(allocations, publisher, metrics);
        this.metrics = metrics;
    }

    /** Runs one pass; called from the solve thread only. */
    public SolveReport solve(List<String> reasons) {
        long start = System.nanoTime();
        DemandSnapshot d = demands.current();
        NetworkSnapshot n = network.current();
        if (d.version() == 0) {
            // Before the first upload an "allocation" would route nothing, and serving it as the
            // last good one would stop the CSPF fallback from ever applying.
            double wall = (System.nanoTime() - start) / 1e9;
            metrics.solve(Outcome.NO_DEMANDS.name().toLowerCase(java.util.Locale.ROOT), wall); // every pass is counted, as /v1/status counts it
            return new SolveReport(++sequence, Outcome.NO_DEMANDS, SolveStatus.OPTIMAL, "no demands uploaded yet", reasons, 0,
                    n.links().version(), 0, 0, wall, Double.NaN,
                    allocations.current().map(AllocationSnapshot::version).orElse(0L), Instant.now());
        }
        // Against the links current when the lock is had, not n: a pruning in the meantime may
        // have held it for seconds, and a link may have come back since.
        pruneToCurrentLinks();
        TeProblem problem = new TeProblem(topology, n.paths(), Commodities.of(d.matrix(), n.paths()), n.capacityMbps());
        // Shortened here, not in the optimizer: after served splits are put back, never in their place.
        SolveAttempt solved = settings.attempt(problem, false);
        Outcome outcome;
        Optional<AllocationSnapshot> published = Optional.empty();
        String message = solved.message();
        List<String> violations = solved.allocation()
                .map(a -> AllocationBook.violations(a, settings.objective(), solved.value())).orElse(List.of());
        SolveStatus status = violations.isEmpty() ? solved.status() : SolveStatus.ERROR;
        boolean good = solved.allocation().isPresent() && violations.isEmpty();
        // Both worked out before the lock (each 0.1–0.6 s on Kdl), so a link failure's pruning does
        // not wait for them, and used only if what they were worked out against is still what is
        // served. Splits that are kept need no restoring.
        long servedBefore = servedVersion();
        Optional<Kept> keptEarly = good ? keptSplits(solved.allocation().get(), problem, n) : Optional.empty();
        Optional<Restored> restored = good && keptEarly.isEmpty() && settings.restoreSplits()
                ? restoredSplits(solved.allocation().get()) : Optional.empty();
        // Where splits were put back (or none could be), restored holds the shortened allocation already.
        SolveAttempt attempt = good && restored.isEmpty() ? solved.with(shortened(solved.allocation().get(), null)) : solved;
        // Before the lock, like the two above: a link failure's pruning must not wait for it
        // (CSPF on Kdl: 0.6 s). Only when the pass failed, the one case that may serve it.
        Allocation cspfFallback = good ? null : Cspf.allocate(problem);
        // One publisher at a time: a link failure's immediate pruning (pruneToCurrentLinks) must
        // not interleave with this pass deciding what to serve.
        synchronized (publication) {
            if (good) {
                // A pruning (or a link event) since: decide again against what is served now.
                Optional<Kept> kept = servedVersion() == servedBefore && network.current().links().version() == n.links().version()
                        ? keptEarly : keptSplits(attempt.allocation().get(), problem, n);
                Optional<String> undoes = undoesDrain(attempt.allocation().get(), n);
                Optional<String> worse = undoes.isPresent() ? Optional.empty() : noBetterThanServed(attempt, status, d, n);
                if (undoes.isPresent()) {
                    outcome = Outcome.KEPT_LAST_GOOD;
                    message = joined(undoes.get(), message);
                } else if (worse.isPresent()) {
                    outcome = Outcome.KEPT_LAST_GOOD;
                    message = joined(worse.get(), message);
                } else if (kept.isPresent()) {
                    published = publishKept(kept.get(), attempt, status, start, d, n);
                    outcome = published.isPresent() ? Outcome.KEPT_SPLITS : Outcome.UNCHANGED;
                    message = published.isPresent() ? published.get().info().message() : unchangedNote(message);
                } else {
                    published = publishFresh(attempt, restored, status, start, d, n);
                    outcome = published.isPresent() ? Outcome.PUBLISHED : Outcome.UNCHANGED;
                    message = published.isPresent() ? message : unchangedNote(message);
                }
            } else {
                message = violations.isEmpty() ? message : "allocation failed the check: " + violations.get(0);
                metrics.solveFailure(status.name());
                Optional<String> unusable = unusable(allocations.current(), n);
                if (unusable.isPresent()) {
                    message = message + "; " + unusable.get();
                    outcome = Outcome.FALLBACK_CSPF;
                    // Computed on n: links that failed since lose their flow, as a solve's result would.
                    NetworkSnapshot now = network.current();
                    Allocation cspf = cspfFallback;
                    Allocation served = now.links().version() == n.links().version() ? cspf
                            : AllocationPruner.prune(cspf, settings.objective(), topology, now).orElse(cspf);
                    published = Optional.of(publish("cspf", status, message, served.objectiveValue(settings.objective()),
                            attempt.solveSeconds(), start, d, labelFor(served, n, now), served));
                } else {
                    outcome = Outcome.KEPT_LAST_GOOD;
                }
            }
        }
        Optional<AllocationSnapshot> stillServed = Optional.empty();
        if (outcome == Outcome.UNCHANGED || outcome == Outcome.KEPT_LAST_GOOD) {
            // The allocation served on: one read from the state at start-up reaches the switches
            // only so (they hear of nothing else until a pass publishes).
            synchronized (publication) { // a pruning hands out its own at once
                stillServed = allocations.current();
                stillServed.ifPresent(publication::handOutIfNotYet);
            }
        }
        allocations.workOutChanges();
        double wall = (System.nanoTime() - start) / 1e9;
        metrics.solve(outcome.name().toLowerCase(java.util.Locale.ROOT), wall);
        SolveReport report = new SolveReport(++sequence, outcome, status, message, reasons, d.version(), n.links().version(),
                problem.commodities().size(), attempt.solveSeconds(), wall,
                (outcome == Outcome.UNCHANGED ? stillServed : published).map(a -> a.info().value()).orElse(Double.NaN),
                allocations.current().map(AllocationSnapshot::version).orElse(0L), Instant.now());
        log(report);
        return report;
    }

    /**
     * A solve the time limit cut short can come out below the allocation already served for the
     * same demands and links (POP routes its sub-problems out of time by a heuristic): serving it
     * would trade a better allocation for a worse one, and periodic re-solves would swing the
     * switches between the two (a review: Cogentco gravity ×48, POP-4 under a 2 s limit, 31,002
     * Mbps served, 28,483 published). Total and concurrent flow only: their value says it all.
     * (Min-MLU never ends cut short with an allocation, and a pruned one sheds demand, which would
     * make its lower z look better than any re-solve's.)
     *
     * @return why the served allocation stays, or empty to go on
     */
    private Optional<String> noBetterThanServed(SolveAttempt fresh, SolveStatus status, DemandSnapshot d, NetworkSnapshot n) {
        Objective objective = settings.objective();
        Optional<AllocationSnapshot> served = allocations.current();
        if (status == SolveStatus.OPTIMAL || served.isEmpty()
                || !(objective == Objective.TOTAL_FLOW || objective == Objective.CONCURRENT_FLOW)) {
            return Optional.empty();
        }
        AllocationInfo info = served.get().info();
        if (info.objective() != objective || !info.computedFor(d.version(), n.links().version())) {
            return Optional.empty();
        }
        return fresh.value() <= info.value() ? Optional.of(("the time limit cut this solve short at %.9g, no better than the served allocation version %d "
                + "(%.9g) for the same demands (version %d) and links (version %d): kept").formatted(fresh.value(),
                served.get().version(), info.value(), d.version(), n.links().version())) : Optional.empty();
    }

    /**
     * @param fresh a pass's allocation, computed for {@code n}
     * @return why {@code fresh} must not replace the served allocation, or empty: it routes over
     *         arcs drained while it was computed, and the served one (a pruning published meanwhile)
     *         does not and is labelled with a newer link-state version; serving {@code fresh} would put
     *         flow back on a link an operator may already be taking down. The drain's own re-solve is
     *         pending and runs next.
     */
    private Optional<String> undoesDrain(Allocation fresh, NetworkSnapshot n) {
        NetworkSnapshot now = network.current();
        Optional<AllocationSnapshot> served = allocations.current();
        if (served.isEmpty() || served.get().info().topologyVersion() <= n.links().version()
                || AllocationPruner.carriesDrained(served.get().allocation(), now)) {
            return Optional.empty();
        }
        // As publishFresh would serve it: a link down since takes its flow off (a drained one
        // taken down is no longer drained-and-loaded).
        Allocation out = AllocationPruner.prune(fresh, settings.objective(), topology, now).orElse(fresh);
        if (labelFor(out, n, now) != n) {
            return Optional.empty();
        }
        return Optional.of(("the re-solve for topology version %d routes over links drained since, the served allocation version %d "
                + "(topology version %d) does not: kept until the drain's re-solve").formatted(n.links().version(),
                served.get().version(), served.get().info().topologyVersion()));
    }

    /**
     * Revertive: after a link came back, an undrain or a capacity raise, the served splits are
     * detours around what was missing, and keeping them (as they are, or fitted to new demands)
     * would leave it idle for good. Compared by capacities, not versions: an allocation published
     * after links changed carries the newer version but the splits of the older links.
     *
     * @param what what would be done with the splits, for the log
     * @return whether some arc has more capacity in {@code now} than the served splits were computed
     *         for, or that is not known (an allocation read at start-up)
     */
    private boolean gainedCapacity(AllocationSnapshot served, TeProblem now, String what) {
        Optional<double[]> computedFor = allocations.computedForMbps(served);
        if (computedFor.isEmpty()) {
            LOG.info("served splits of allocation version {} not {}: read at start-up from a file that does not say which capacities "
                    + "they were computed for", served.version(), what);
            return true;
        }
        double[] then = computedFor.get();
        double[] capacity = now.capacityMbps();
        for (int a = 0; a < capacity.length; a++) {
            if (capacity[a] > then[a]) {
                LOG.info("served splits of allocation version {} not {}: arc {} has more capacity now ({} Mbps, was {})",
                        served.version(), what, topology.arcName(a), capacity[a], then[a]);
                return true;
            }
        }
        return false;
    }

    /** @return the served allocation's version, -1 when none is served */
    private long servedVersion() {
        return allocations.current().map(AllocationSnapshot::version).orElse(-1L);
    }

    /**
     * Serves the last good allocation without its flow over links that have failed since it was
     * computed, now, whether or not a solve pass is running (one on Kdl heavy-tailed traffic takes
     * minutes); the pass then publishes its own result pruned the same way. Any thread.
     */
    public void pruneToCurrentLinks() {
        synchronized (publication) {
            AllocationPruner.pruneIfLinksFailed(allocations, publication, topology, network.current(), System.nanoTime());
        }
        allocations.workOutChanges();
    }

    /**
     * @return why the last good allocation cannot stay (there is none, or it routes over a link
     *         that has failed since), or empty when it can
     */
    private static Optional<String> unusable(Optional<AllocationSnapshot> last, NetworkSnapshot n) {
        if (last.isEmpty()) {
            return Optional.of("no good allocation yet");
        }
        java.util.OptionalInt arc = AllocationPruner.unfitArc(last.get().allocation(), last.get().info().objective(), n);
        return arc.isPresent() ? Optional.of("the last good allocation does not fit arc %s (failed, or its capacity lowered)"
                .formatted(last.get().allocation().problem().topology().arcName(arc.getAsInt()))) : Optional.empty();
    }

    /** The served splits fitted to a pass's inputs, and what the pass's own allocation reached. */
    private record Kept(Allocation allocation, double value, double freshValue, long servedVersion) {
    }

    /**
     * @return the served splits fitted to this pass's demands and links ({@link KeptSplits}), when
     *         hysteresis is on, the links did not move during the pass, and the fresh allocation
     *         improves on them by no more than the minimum gain; else empty
     */
    private Optional<Kept> keptSplits(Allocation fresh, TeProblem problem, NetworkSnapshot n) {
        Optional<AllocationSnapshot> served = allocations.current();
        if (settings.minGain() == 0 || served.isEmpty() || network.current().links().version() != n.links().version()
                || gainedCapacity(served.get(), problem, "kept")) {
            return Optional.empty();
        }
        long start = System.nanoTime();
        Objective objective = settings.objective();
        try {
            Optional<Allocation> fit = KeptSplits.fit(served.get().allocation(), problem, objective);
            if (fit.isEmpty()) {
                LOG.info("splits of allocation version {} not kept: some commodity has no flow to scale to its demand",
                        served.get().version());
                return Optional.empty();
            }
            double freshValue = fresh.objectiveValue(objective);
            double value = fit.get().objectiveValue(objective);
            boolean keep = KeptSplits.keeps(objective, fit.get(), value, freshValue, settings.minGain());
            LOG.info("splits of allocation version {} fitted in {} s: {} against the re-solve's {} ({} % gain): {}", served.get().version(),
                    "%.3f".formatted((System.nanoTime() - start) / 1e9), value, freshValue,
                    "%.4f".formatted(100 * KeptSplits.gain(objective, value, freshValue)), keep ? "kept" : "moved");
            // A link that failed while fitting: the fresh allocation goes out pruned, as publishFresh does.
            if (!keep || network.current().links().version() != n.links().version()) {
                return Optional.empty();
            }
            return Optional.of(new Kept(fit.get(), value, freshValue, served.get().version()));
        } catch (RuntimeException e) {
            // Hysteresis is an option: its failure must not keep the checked fresh allocation from going out.
            LOG.error("fitting the served splits failed; publishing the re-solve", e);
            return Optional.empty();
        }
    }

    private Optional<AllocationSnapshot> publishKept(Kept kept, SolveAttempt attempt, SolveStatus status, long start, DemandSnapshot d,
                                           NetworkSnapshot n) {
        String note = "kept the splits of allocation version %d fitted to these demands: the re-solve reached %s, %.4f %% better, within --min-gain %.4f %%"
                .formatted(kept.servedVersion(), kept.freshValue(),
                        100 * KeptSplits.gain(settings.objective(), kept.value(), kept.freshValue()), 100 * settings.minGain());
        String solverNote = attempt.message().isEmpty() ? "" : "re-solve: " + attempt.message();
        return publishIfChanged(settings.method() + "+kept", status, joined(note, solverNote), kept.value(), attempt.solveSeconds(),
                start, d, n, kept.allocation());
    }

    /**
     * Publishes a successful solve's allocation for the links current now (versions never go back,
     * even behind a pruning published meanwhile); if links failed while it was being computed, it
     * goes out without its flow over them (the pending link event re-solves right after).
     */
    private Optional<AllocationSnapshot> publishFresh(SolveAttempt attempt, Optional<Restored> restored, SolveStatus status, long start, DemandSnapshot d,
                                            NetworkSnapshot n) {
        NetworkSnapshot now = network.current();
        boolean moved = now.links().version() != n.links().version();
        Optional<Allocation> pruned = moved ? AllocationPruner.prune(attempt.allocation().get(), settings.objective(), topology, now) : Optional.empty();
        NetworkSnapshot label = labelFor(pruned.orElse(attempt.allocation().get()), n, now);
        // Empty when optimal; with TIME_LIMIT it says which allocation this is and its certified share.
        String solverNote = attempt.message();
        if (pruned.isPresent()) {
            String note = "computed for topology version %d; fitted to the links changed since".formatted(n.links().version());
            return Optional.of(publish(settings.method() + "+pruned", status, joined(note, solverNote),
                    pruned.get().objectiveValue(settings.objective()), attempt.solveSeconds(), start, d, label, pruned.get()));
        }
        String note = moved ? "computed for topology version %d; it fits the links changed since".formatted(n.links().version()) : "";
        Allocation allocation = attempt.allocation().get();
        double value = attempt.value();
        // Only against the allocation it was worked out from: a pruning meanwhile would make it stale.
        if (!moved && restored.isPresent() && servedVersion() == restored.get().servedVersion()) {
            allocation = restored.get().allocation();
            value = restored.get().value();
            note = joined(note, restored.get().note());
        }
        return publishIfChanged(settings.method(), status, joined(note, solverNote), value, attempt.solveSeconds(), start, d, label, allocation);
    }

    /**
     * @param fixed commodities to leave as they are (null: none)
     * @return {@code a} with its flow moved onto shorter paths where they have room ({@link ShorterPaths},
     *         which checks its result), when the settings ask for it; {@code a} itself otherwise
     */
    private Allocation shortened(Allocation a, boolean[] fixed) {
        return settings.shorterPaths() ? ShorterPaths.shorten(a, settings.objective(), fixed).allocation() : a;
    }

    /** A re-solve's allocation with the splits of allocation {@code servedVersion} put back, its objective and a note. */
    private record Restored(Allocation allocation, double value, String note, long servedVersion) {
    }

    /**
     * @return the re-solve's allocation with the served splits put back where capacity allows
     *         ({@link RestoredSplits}), when there is a served allocation, no arc has more capacity
     *         now than when its splits were computed, and some split differed; empty otherwise, or
     *         if the result fails the check (then the re-solve goes out as it is)
     */
    private Optional<Restored> restoredSplits(Allocation fresh) {
        Optional<AllocationSnapshot> served = allocations.current();
        if (served.isEmpty()) {
            return Optional.empty();
        }
        if (gainedCapacity(served.get(), fresh.problem(), "put back")) {
            return Optional.empty();
        }
        long start = System.nanoTime();
        Objective objective = settings.objective();
        try {
            RestoredSplits.Result r = RestoredSplits.restore(served.get().allocation(), fresh, objective);
            if (r.restored() == 0) {
                LOG.info("served splits of allocation version {}: none of the {} the re-solve moved could be put back ({} s)",
                        served.get().version(), r.differed(), "%.3f".formatted((System.nanoTime() - start) / 1e9));
                if (!settings.shorterPaths()) {
                    return Optional.empty();
                }
            }
            // Commodities whose re-solved split is the served one stay as they are, also when none was put back.
            Allocation back = shortened(r.allocation(), r.putBack());
            double value = back.objectiveValue(objective);
            List<String> violations = AllocationBook.violations(back, objective, value);
            if (!violations.isEmpty()) {
                LOG.error("served splits put back fail the check ({}); publishing the re-solve as it is", violations.get(0));
                return Optional.empty();
            }
            if (r.restored() == 0) {
                return Optional.of(new Restored(back, value, "", served.get().version()));
            }
            LOG.info("served splits of allocation version {} put back for {} of the {} commodities the re-solve moved, objective {} "
                    + "against {} ({} s)", served.get().version(), r.restored(), r.differed(), value, fresh.objectiveValue(objective),
                    "%.3f".formatted((System.nanoTime() - start) / 1e9));
            return Optional.of(new Restored(back, value, "served splits of allocation version %d kept for %d of the %d commodities the re-solve moved (same flows per commodity)"
                    .formatted(served.get().version(), r.restored(), r.differed()), served.get().version()));
        } catch (RuntimeException e) {
            // An improvement, not a requirement: the checked re-solve goes out if it fails.
            LOG.error("putting served splits back failed; publishing the re-solve as it is", e);
            return Optional.empty();
        }
    }

    /**
     * @return the network to label an allocation computed on {@code n} and served on {@code now}
     *         with: {@code now}, unless it still carries flow over arcs drained since; then {@code n},
     *         so that it is not taken for the drain's re-solve (an operator waits for that before
     *         taking the link down), which the pending link event runs next
     */
    private static NetworkSnapshot labelFor(Allocation served, NetworkSnapshot n, NetworkSnapshot now) {
        double[] load = served.arcLoadMbps();
        for (int a : now.links().drained()) {
            if (load[a] > 0 && !n.links().isDrained(a)) {
                return n;
            }
        }
        return now;
    }

    /** @return both notes, "; " between them, leaving out an empty one */
    private static String joined(String first, String second) {
        return first.isEmpty() ? second : second.isEmpty() ? first : first + "; " + second;
    }

    /**
     * As {@link #publish}, unless the served allocation is this one: computed by the same method,
     * with the same status, for the same demand and link-state versions, with bit-for-bit the same
     * flows. A timer re-solve with nothing changed comes to exactly that (served splits are put back
     * bit for bit), and a new version would only rewrite the state file (80 MB on Kdl), move
     * {@code te_allocation_version} and start a push that sends nothing.
     *
     * @return the allocation published, or empty when the served one stays as it is
     */
    private Optional<AllocationSnapshot> publishIfChanged(String method, SolveStatus status, String message, double value, double solveSeconds,
                                                          long start, DemandSnapshot d, NetworkSnapshot n, Allocation allocation) {
        Optional<AllocationSnapshot> served = allocations.current();
        if (served.isPresent()) {
            AllocationInfo info = served.get().info();
            if (info.objective() == settings.objective() && info.method().equals(method) && info.solverStatus() == status
                    && info.computedFor(d.version(), n.links().version())
                    && (AllocationChanges.sameFlows(served.get().allocation(), allocation)
                            || noBetterOptimum(served.get(), status, value, allocation))) {
                return Optional.empty();
            }
        }
        return Optional.of(publish(method, status, message, value, solveSeconds, start, d, n, allocation));
    }

    /**
     * Served splits put back and the rest moved onto shorter paths is not always a fixed point: on
     * Cogentco the first two timer passes after an upload, nothing changed, came to other optimal
     * splits each (32, then 15 commodities re-weighted on the switches for a 10⁻¹⁵ change of the
     * objective) before passes kept the version. An optimum this run published for the same
     * demands and links is kept unless the pass finds a better one. Only this run's: a restart with
     * other settings (paths, --no-shorter-paths) gets what it asks for. Only one solved over these
     * very paths and capacities: a solve for failed links is labelled with the link-state version
     * of a link that came back meanwhile, and the repaired link must carry flow again (revertive).
     */
    private boolean noBetterOptimum(AllocationSnapshot served, SolveStatus status, double value, Allocation fresh) {
        TeProblem then = served.allocation().problem();
        return status == SolveStatus.OPTIMAL && served.version() == publishedHere
                && then.paths() == fresh.problem().paths()
                && java.util.Arrays.equals(then.capacityMbps(), fresh.problem().capacityMbps())
                && KeptSplits.gain(settings.objective(), served.info().value(), value) <= SAME_OPTIMUM;
    }

    /** @return the message of a pass that left the served allocation as it was */
    private String unchangedNote(String solverMessage) {
        return joined("the same allocation as the served version %d, for the same demands and links: no new version"
                .formatted(servedVersion()), solverMessage);
    }

    private AllocationSnapshot publish(String method, SolveStatus status, String message, double value, double solveSeconds,
                                       long start, DemandSnapshot d, NetworkSnapshot n, Allocation allocation) {
        AllocationInfo info = new AllocationInfo(settings.objective(), value, method, status, message, d.version(),
                n.links().version(), solveSeconds, (System.nanoTime() - start) / 1e9, Instant.now());
        AllocationSnapshot published = publication.publish(info, allocation);
        publishedHere = published.version();
        return published;
    }

    private static void log(SolveReport r) {
        if (r.outcome() == Outcome.PUBLISHED || r.outcome() == Outcome.KEPT_SPLITS) {
            LOG.info("solve #{} ({}): {} commodities, objective {}, solver {} s, total {} s -> allocation version {} (demand v{}, topology v{}){}",
                    r.sequence(), String.join(",", r.reasons()), r.commodities(), r.objectiveValue(),
                    "%.3f".formatted(r.solveSeconds()), "%.3f".formatted(r.wallSeconds()), r.allocationVersion(),
                    r.demandVersion(), r.topologyVersion(),
                    r.outcome() == Outcome.KEPT_SPLITS ? "; " + r.message()
                            : r.solverStatus() == SolveStatus.OPTIMAL ? "" : ", solver status %s: %s".formatted(r.solverStatus(), r.message()));
        } else if (r.outcome() == Outcome.UNCHANGED) {
            LOG.info("solve #{} ({}): {} commodities, objective {}, solver {} s, total {} s -> {}", r.sequence(),
                    String.join(",", r.reasons()), r.commodities(), r.objectiveValue(), "%.3f".formatted(r.solveSeconds()),
                    "%.3f".formatted(r.wallSeconds()), r.message());
        } else {
            LOG.warn("solve #{} ({}) failed with {}: {}; {} (serving allocation version {})", r.sequence(),
                    String.join(",", r.reasons()), r.solverStatus(), r.message(),
                    r.outcome() == Outcome.FALLBACK_CSPF ? "fell back to CSPF" : "kept the last good allocation",
                    r.allocationVersion());
        }
    }
}
