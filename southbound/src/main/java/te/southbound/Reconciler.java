package te.southbound;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.southbound.openflow.OfMessage;

/**
 * Brings every connected switch to the latest desired state, one run at a time on its own
 * thread. A run re-reads switches it has no trusted copy of (new connection, audit, failed
 * run), compiles the state for the switches available, and sends the per-switch diffs phase by
 * phase with a barrier on every switch between phases. Triggers (push, connect, disconnect,
 * audit) arriving during a run coalesce into one more run.
 */
final class Reconciler implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Reconciler.class);

    private record Waiter(long generation, CompletableFuture<PushReport> future) {
    }

    private final SouthboundConfig config;
    private StateCompiler compiler; // executor thread only
    private final ScheduledExecutorService executor;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final List<Waiter> waiters = new ArrayList<>();
    private SwitchRegistry registry;
    private DesiredState desired; // null until the first push: never wipe switches before it
    private long generation;

    private RunMemory memory = new RunMemory(); // executor thread only
    /** Longest wait before reading a silent switch again, ms. */
    private static final long MAX_RETRY_DELAY_MS = 60_000;
    private long retryDelayMs; // executor thread only; 0 while every switch was read
    private long runGeneration = -1; // executor thread only: the generation the current run pushes, once read
    /** When this controller started, for {@link SouthboundConfig#startupWaitMs}. */
    private final long startedNanos = System.nanoTime();
    private boolean startupWaitOver; // executor thread only
    private boolean startupWaitLogged; // executor thread only
    /** What the last run took unseen switches to hold: logged when it changes. */
    private RunMemory.Assumed lastAssumed; // executor thread only
    /** Commodity → (ingress, group id) as of the last clean run; read by other threads. */
    private volatile Map<String, CommodityCounters.GroupRef> installed = Map.of();

    Reconciler(SouthboundConfig config) {
        this.config = config;
        this.compiler = new StateCompiler(config.ownership(), config.weightTotal(), config.bucketLiveness());
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "te-southbound-reconciler");
            t.setDaemon(true);
            return t;
        });
        if (config.auditIntervalMs() > 0) {
            executor.scheduleWithFixedDelay(this::audit, config.auditIntervalMs(), config.auditIntervalMs(),
                    TimeUnit.MILLISECONDS);
        }
    }

    /** @return where each commodity's group is, as of the last clean run, by commodity id */
    Map<String, CommodityCounters.GroupRef> installed() {
        return installed;
    }

    void attach(SwitchRegistry registry) {
        this.registry = registry;
    }

    synchronized CompletableFuture<PushReport> push(DesiredState state) {
        desired = state;
        Waiter w = new Waiter(++generation, new CompletableFuture<>());
        waiters.add(w);
        trigger();
        return w.future();
    }

    /** Asks for a run; cheap and idempotent while one is pending. */
    void trigger() {
        if (scheduled.compareAndSet(false, true)) {
            try {
                executor.execute(this::run);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // closed: connections dropping during shutdown must not touch switches
            }
        }
    }

    /**
     * Forgets everything earlier runs knew (ids, installed splits, tables) before the next run, so
     * that it reads every switch and adopts what it finds, as a restarted controller does: after a
     * role change another controller may have programmed the switches meanwhile. Queued behind the
     * run in progress, ahead of any run asked for later; it asks for none itself.
     */
    void forgetAll() {
        try {
            executor.execute(() -> {
                memory = new RunMemory();
                compiler = new StateCompiler(config.ownership(), config.weightTotal(), config.bucketLiveness());
                installed = Map.of();
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed
        }
    }

    /**
     * Asks for a run one echo interval from now, then twice as late each time reads fail again, up
     * to a minute: a switch that stays silent is retried (and logged) once a minute, not every 5 s.
     */
    private void retryLater() {
        retryDelayMs = retryDelayMs == 0 ? config.echoIntervalMs() : Math.min(2 * retryDelayMs, Math.max(MAX_RETRY_DELAY_MS, config.echoIntervalMs()));
        try {
            executor.schedule(this::trigger, retryDelayMs, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed
        }
    }

    private void audit() {
        memory.distrustAll(); // forces a re-read of every switch: catches entries changed behind our back
        trigger();
    }

    private void run() {
        scheduled.set(false);
        runGeneration = -1;
        try {
            runOnce();
        } catch (RuntimeException e) {
            // e.g. out of labels or group ids: the state cannot be installed as asked (an
            // interrupted run is the pusher closing: nothing to report)
            if (!Thread.currentThread().isInterrupted()) {
                log.error("reconciliation run failed; switches will be re-read on the next run", e);
            }
            memory.distrustAll();
            // Only the pushes this run was for: a newer one has a run of its own queued (trigger).
            failWaiters(e, runGeneration < 0 ? Long.MAX_VALUE : runGeneration);
        }
    }

    private void runOnce() {
        DesiredState state;
        long gen;
        synchronized (this) {
            state = desired;
            gen = generation;
        }
        runGeneration = gen;
        if (state == null || registry == null) {
            return;
        }
        long start = System.nanoTime();
        Map<Dpid, SwitchConnection> connectedNow = registry.ready();
        Set<Dpid> stateSwitches = state.switches();
        if (waitingForSwitches(stateSwitches, connectedNow, gen)) {
            return;
        }
        // A switch where this controller is not master (or equal) is left alone, as if it were away.
        Map<Dpid, SwitchConnection> ready = new HashMap<>();
        Set<Dpid> notMaster = new HashSet<>();
        connectedNow.forEach((d, c) -> {
            if (c.mayProgram()) {
                ready.put(d, c);
            } else {
                notMaster.add(d);
            }
        });
        RunMemory.Refreshed refreshed = memory.refresh(ready, config.ownership(), config.requestTimeoutMs());
        List<String> problems = new ArrayList<>(refreshed.problems());
        if (!refreshed.problems().isEmpty()) {
            retryLater(); // a switch not read gets nothing until read: try again soon, not at the next push or audit
        } else {
            retryDelayMs = 0;
        }
        long readMs = (System.nanoTime() - start) / 1_000_000;
        Set<Dpid> connected = memory.connected();
        RunMemory.Assumed assumed = memory.assumeUnseen(state, config.ownership());
        if (!assumed.switches().isEmpty() && !assumed.equals(lastAssumed)) {
            log.warn("push {}: switches {} not seen since the start are taken to carry the {} tunnel entries their neighbours "
                    + "show through them, until they connect", gen, new TreeSet<>(assumed.switches()), assumed.entries());
        }
        lastAssumed = assumed;
        CompiledState compiled = compiler.compile(state, connected, memory.idBook());
        boolean removeStaleTunnels = connected.containsAll(memory.tunnelUsers(state));
        Map<Dpid, Map<Phase, List<OfMessage>>> plans = new HashMap<>();
        Map<Dpid, SwitchConnection> connections = new HashMap<>();
        for (Dpid d : connected) {
            plans.put(d, TableDiff.plan(memory.tables(d), compiled.tables().get(d), removeStaleTunnels,
                    compiled.deltas().get(d)));
            connections.put(d, memory.connection(d));
        }
        TableDiff.deferReweightsOntoRebuiltTunnels(plans.values());
        long plannedMs = (System.nanoTime() - start) / 1_000_000;
        PhaseRunner.Outcome outcome = PhaseRunner.run(plans, connections, config.requestTimeoutMs(), () -> superseded(gen), start);
        problems.addAll(outcome.problems());
        if (outcome.clean()) {
            memory.commit(compiled, outcome.removalsDeferred() ? RunMemory.Kept.ALL_STALE
                    : removeStaleTunnels ? RunMemory.Kept.NONE : RunMemory.Kept.STALE_LABELS);
            Map<String, CommodityCounters.GroupRef> refs = new TreeMap<>();
            state.commodities().stream().filter(c -> connected.contains(c.ingress())
                    && compiled.groupIds().containsKey(c.id())).forEach(c ->
                    refs.put(c.id(), new CommodityCounters.GroupRef(c.ingress(), compiled.groupIds().get(c.id()))));
            installed = Collections.unmodifiableMap(refs);
        } else {
            memory.fail(compiled, outcome.touched());
        }
        // Connected but unreadable is missing too: nothing was written there.
        Set<Dpid> missing = new HashSet<>(stateSwitches);
        notMaster.retainAll(missing);
        missing.removeAll(connected);
        missing.removeAll(notMaster);
        PushReport report = new PushReport(gen, outcome.clean() && problems.isEmpty(),
                (System.nanoTime() - start) / 1_000_000, outcome.sent(), missing, compiled.reports(),
                compiled.maxRoundingError(), outcome.errors(), problems, notMaster);
        if (outcome.sent() > 0 || !report.clean() || refreshed.read() > 0) {
            // A push that did not go through is something to look at: WARN, not INFO.
            log.atLevel(report.clean() ? org.slf4j.event.Level.INFO : org.slf4j.event.Level.WARN)
                    .log("{}{}{}; {} switches read at {} ms, compiled and diffed at {} ms; phases: {}", report.summary(),
                            removeStaleTunnels ? "" : "; stale label entries kept until every switch is back",
                            outcome.removalsDeferred() ? "; removals left to the next run (a newer state is waiting)" : "",
                            refreshed.read(), readMs, plannedMs, String.join(", ", outcome.phases()));
        }
        complete(gen, report);
    }

    /**
     * After a start, switches reconnect one by one (Open vSwitch backs off up to 8 s). A run made
     * while some of the state's switches are still away would leave out every path through them,
     * and remove the ingress entries of commodities that have no other: traffic that was flowing
     * would be dropped until they are back. So the first run waits for them, at most
     * {@link SouthboundConfig#startupWaitMs} from the start; each connection asks for a run, and
     * one is asked for at the deadline. Later runs (and a takeover after a role change) never wait.
     *
     * @return whether this run is put off
     */
    private boolean waitingForSwitches(Set<Dpid> stateSwitches, Map<Dpid, SwitchConnection> connectedNow, long gen) {
        if (startupWaitOver) {
            return false;
        }
        long leftMs = config.startupWaitMs() - (System.nanoTime() - startedNanos) / 1_000_000;
        Set<Dpid> away = new HashSet<>(stateSwitches);
        away.removeAll(connectedNow.keySet());
        if (away.isEmpty() || leftMs <= 0) {
            startupWaitOver = true;
            if (!away.isEmpty()) {
                log.warn("push {}: {} switches of the state still away {} s after the start {}; going on without them (paths "
                        + "through them are kept where their neighbours show the previous tunnels, left out otherwise, until "
                        + "they connect)", gen, away.size(), config.startupWaitMs() / 1000.0, away);
            }
            return false;
        }
        if (!startupWaitLogged) {
            startupWaitLogged = true;
            log.info("push {} held until the {} switches still away connect, at most {} ms more (controller just started): {}", gen,
                    away.size(), leftMs, away);
        }
        try {
            executor.schedule(this::trigger, leftMs, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed
        }
        return true;
    }

    /** @return whether a newer state than generation {@code gen} has been pushed */
    private synchronized boolean superseded(long gen) {
        return generation > gen;
    }

    private void complete(long gen, PushReport report) {
        settle(gen, f -> f.complete(report));
    }

    private void failWaiters(RuntimeException e, long gen) {
        settle(gen, f -> f.completeExceptionally(e));
    }

    /** Settles, with {@code how}, the pushes of generation {@code gen} and before. */
    private synchronized void settle(long gen, java.util.function.Consumer<java.util.concurrent.CompletableFuture<PushReport>> how) {
        for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
            Waiter w = it.next();
            if (w.generation() <= gen) {
                how.accept(w.future());
                it.remove();
            }
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
        synchronized (this) {
            waiters.forEach(w -> w.future().cancel(false));
            waiters.clear();
        }
    }
}
