package te.southbound;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.LoggerFactory;
import te.southbound.openflow.OfMessage;

/**
 * Sends per-switch plans phase by phase: every switch's messages of a phase, a barrier on each,
 * wait for all barrier replies, then the next phase. A phase with any error or failure stops the
 * run there: what was confirmed stays, and ingress groups keep pointing at installed tunnels
 * because later phases (new weights, removals) never go out.
 */
final class PhaseRunner {
    /**
     * Time allowed per deletion: 1 ms, a floor of 1,000 per second. Removals change no traffic, so
     * a generous wait costs nothing, while a false timeout fails the run. Entries written by builds
     * before the per-entry cookie share one cookie per kind, and one OVS holding 197 bridges
     * deleted those at only 4,000–6,000 per second, below the 5,000 per second other phases assume
     * (entries with their own cookie go at about 100,000 per second; {@link Ownership}).
     */
    static final long REMOVAL_NANOS_PER_MOD = 1_000_000;

    private static final org.slf4j.Logger LOG = LoggerFactory.getLogger(PhaseRunner.class);

    /** Barriers a switch may miss in a row (each in its own run) before it is disconnected. */
    static final int MISSED_BARRIERS_BEFORE_DISCONNECT = 3;

    private PhaseRunner() {
    }

    /**
     * @param clean    every phase completed without error
     * @param sent     mods sent
     * @param touched  switches that were sent anything
     * @param errors   errors switches reported
     * @param problems timeouts and lost connections
     */
    record Outcome(boolean clean, int sent, Set<Dpid> touched, List<SwitchError> errors, List<String> problems,
                   List<String> phases, boolean removalsDeferred) {
    }

    /**
     * @param deferRemovals asked before {@link Phase#REMOVALS}: true leaves the stale entries for
     *                      a later run (a newer state is waiting, and traffic has already moved)
     * @param start         {@link System#nanoTime()} the run began, which phase times count from
     */
    static Outcome run(Map<Dpid, Map<Phase, List<OfMessage>>> plans, Map<Dpid, SwitchConnection> connections,
                       long timeoutMs, java.util.function.BooleanSupplier deferRemovals, long start) {
        int sent = 0;
        Set<Dpid> touched = new HashSet<>();
        List<SwitchError> errors = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> phases = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            if (phase == Phase.REMOVALS && deferRemovals.getAsBoolean()
                    && plans.values().stream().anyMatch(plan -> !plan.get(Phase.REMOVALS).isEmpty())) {
                return new Outcome(true, sent, touched, errors, problems, phases, true);
            }
            Map<Dpid, CompletableFuture<List<SwitchError>>> barriers = new LinkedHashMap<>();
            int phaseMods = 0;
            for (Map.Entry<Dpid, Map<Phase, List<OfMessage>>> e : plans.entrySet()) {
                List<OfMessage> msgs = e.getValue().get(phase);
                if (!msgs.isEmpty()) {
                    barriers.put(e.getKey(), connections.get(e.getKey()).sendBatch(msgs));
                    sent += msgs.size();
                    phaseMods += msgs.size();
                    touched.add(e.getKey());
                }
            }
            // One switch process (OVS) may host every bridge and work through all their queues in
            // turn, so the allowance grows with the phase's total, not each switch's share.
            long allowance = TimeUnit.MILLISECONDS.toNanos(timeoutMs)
                    + phaseMods * (phase == Phase.REMOVALS ? REMOVAL_NANOS_PER_MOD : SwitchConnection.NANOS_PER_MOD);
            long deadline = System.nanoTime() + allowance;
            for (Map.Entry<Dpid, CompletableFuture<List<SwitchError>>> e : barriers.entrySet()) {
                try {
                    errors.addAll(e.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
                } catch (TimeoutException ex) {
                    problems.add("%s: no barrier reply from %s within %d ms".formatted(phase, e.getKey(), allowance / 1_000_000));
                    // Forget the batch: a switch that never answers must not hold every batch's mods and errors.
                    e.getValue().completeExceptionally(ex);
                    // Nor hold back every later push for good: after a few misses in a row it is disconnected,
                    // resynced when it comes back, and meanwhile the others are programmed without it. One miss
                    // alone may be a slow switch (one OVS holding every bridge), which the next run serves.
                    SwitchConnection silent = connections.get(e.getKey());
                    if (silent.missedBarrier() >= MISSED_BARRIERS_BEFORE_DISCONNECT) {
                        LOG.warn("switch {} at {}: no barrier reply in {} runs in a row (last "
                                + "allowance {} ms); disconnecting it", e.getKey(), silent.remote(), MISSED_BARRIERS_BEFORE_DISCONNECT,
                                allowance / 1_000_000);
                        silent.closeQuietly();
                    }
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                    problems.add(phase + ": interrupted");
                } catch (Exception ex) {
                    problems.add("%s: switch %s: %s".formatted(phase, e.getKey(), ex.getCause() != null ? ex.getCause().getMessage() : ex));
                }
            }
            if (phaseMods > 0) {
                phases.add("%s %d mods done at %d ms".formatted(phase, phaseMods, (System.nanoTime() - start) / 1_000_000));
            }
            if (!errors.isEmpty() || !problems.isEmpty()) {
                problems.add("stopped after phase " + phase + "; later phases not sent");
                return new Outcome(false, sent, touched, errors, problems, phases, false);
            }
        }
        return new Outcome(true, sent, touched, errors, problems, phases, false);
    }
}
