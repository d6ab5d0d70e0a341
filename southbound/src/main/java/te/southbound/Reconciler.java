package te.southbound;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OxmField;

/**
 * Brings every connected switch to the latest desired state, one run at a time on its own
 * thread. A run re-reads switches it has no trusted copy of (new connection, audit, failed
 * run), compiles the state for the switches available, and sends the per-switch diffs phase by
 * phase with a barrier on every switch between phases. Triggers (push, connect, disconnect,
 * audit) arriving during a run coalesce into one more run.
 */
final class Reconciler implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Reconciler.class);

    private record Trusted(SwitchConnection connection, SwitchTables tables) {
    }

    private record Waiter(long generation, CompletableFuture<PushReport> future) {
    }

    private final SouthboundConfig config;
    private final StateCompiler compiler;
    private final ScheduledExecutorService executor;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final List<Waiter> waiters = new ArrayList<>();
    private SwitchRegistry registry;
    private DesiredState desired; // null until the first push: never wipe switches before it
    private long generation;

    // Touched only on the executor thread.
    private final Map<Dpid, Trusted> trusted = new HashMap<>();
    private Map<Tunnel, Integer> labels = Map.of();
    private Map<String, Integer> groupIds = Map.of();
    /** Commodity → (ingress, group id) as of the last clean run; read by other threads. */
    private volatile Map<String, CommodityCounters.GroupRef> installed = Map.of();

    Reconciler(SouthboundConfig config) {
        this.config = config;
        this.compiler = new StateCompiler(config.ownership(), config.weightTotal());
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

    private void audit() {
        trusted.clear(); // forces a re-read of every switch: catches entries changed behind our back
        trigger();
    }

    private void run() {
        scheduled.set(false);
        try {
            runOnce();
        } catch (RuntimeException e) {
            // e.g. out of labels or group ids: the state cannot be installed as asked
            log.error("reconciliation run failed; switches will be re-read on the next run", e);
            trusted.clear();
            failWaiters(e);
        }
    }

    private void runOnce() {
        DesiredState state;
        long gen;
        synchronized (this) {
            state = desired;
            gen = generation;
        }
        if (state == null || registry == null) {
            return;
        }
        long start = System.nanoTime();
        List<String> problems = new ArrayList<>();
        Map<Dpid, SwitchConnection> ready = registry.ready();
        trusted.entrySet().removeIf(e -> ready.get(e.getKey()) != e.getValue().connection());
        for (Map.Entry<Dpid, SwitchConnection> e : ready.entrySet()) {
            if (!trusted.containsKey(e.getKey())) {
                try {
                    trusted.put(e.getKey(), new Trusted(e.getValue(),
                            TableReader.read(e.getValue(), config.ownership(), config.requestTimeoutMs())));
                } catch (Exception ex) {
                    problems.add("reading switch %s failed: %s".formatted(e.getKey(), ex));
                }
            }
        }
        CompiledState compiled = compiler.compile(state, trusted.keySet(), idBook());
        PhaseRunner.Outcome outcome = PhaseRunner.run(plans(compiled), connections(), config.requestTimeoutMs());
        problems.addAll(outcome.problems());
        if (outcome.clean()) {
            compiled.tables().forEach((d, t) -> trusted.put(d, new Trusted(trusted.get(d).connection(), t)));
            labels = compiled.labels();
            groupIds = compiled.groupIds();
            Map<String, CommodityCounters.GroupRef> refs = new java.util.TreeMap<>();
            state.commodities().stream().filter(c -> groupIds.containsKey(c.id())).forEach(c ->
                    refs.put(c.id(), new CommodityCounters.GroupRef(c.ingress(), groupIds.get(c.id()))));
            installed = java.util.Collections.unmodifiableMap(refs);
        } else {
            // Unknown what those switches hold now: read them again next run. Keep old and new
            // ids alike so neither is handed to another tunnel while its entries may remain.
            outcome.touched().forEach(trusted::remove);
            labels = merge(labels, compiled.labels());
            groupIds = merge(groupIds, compiled.groupIds());
        }
        Set<Dpid> missing = new HashSet<>(state.switches());
        missing.removeAll(ready.keySet());
        PushReport report = new PushReport(gen, outcome.clean() && problems.isEmpty(),
                (System.nanoTime() - start) / 1_000_000, outcome.sent(), missing, compiled.reports(),
                compiled.maxRoundingError(), outcome.errors(), problems);
        if (outcome.sent() > 0 || !report.clean()) {
            log.info("{}", report.summary());
        }
        complete(gen, report);
    }

    private Map<Dpid, Map<Phase, List<OfMessage>>> plans(CompiledState compiled) {
        Map<Dpid, Map<Phase, List<OfMessage>>> plans = new HashMap<>();
        compiled.tables().forEach((d, want) -> plans.put(d, TableDiff.plan(trusted.get(d).tables(), want)));
        return plans;
    }

    private Map<Dpid, SwitchConnection> connections() {
        Map<Dpid, SwitchConnection> result = new HashMap<>();
        trusted.forEach((d, t) -> result.put(d, t.connection()));
        return result;
    }

    private IdBook idBook() {
        Set<Integer> seenLabels = new HashSet<>();
        Set<Integer> seenGroups = new HashSet<>();
        for (Trusted t : trusted.values()) {
            seenGroups.addAll(t.tables().groups().keySet());
            for (FlowEntry f : t.tables().flows().values()) {
                f.match().fields().stream().filter(OxmField.MplsLabel.class::isInstance)
                        .forEach(m -> seenLabels.add(((OxmField.MplsLabel) m).label()));
            }
        }
        Map<Dpid, SwitchTables> observed = new HashMap<>();
        trusted.forEach((d, t) -> observed.put(d, t.tables()));
        return new IdBook(labels, groupIds, seenLabels, seenGroups, observed);
    }

    private static <K> Map<K, Integer> merge(Map<K, Integer> a, Map<K, Integer> b) {
        Map<K, Integer> m = new HashMap<>(a);
        m.putAll(b);
        return m;
    }

    private synchronized void complete(long gen, PushReport report) {
        for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
            Waiter w = it.next();
            if (w.generation() <= gen) {
                w.future().complete(report);
                it.remove();
            }
        }
    }

    private synchronized void failWaiters(RuntimeException e) {
        waiters.forEach(w -> w.future().completeExceptionally(e));
        waiters.clear();
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
