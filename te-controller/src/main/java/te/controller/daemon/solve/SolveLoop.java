package te.controller.daemon.solve;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs solves one at a time on one thread. Events that arrive while a solve runs are coalesced:
 * however many there were, one more solve follows, over the inputs current when it starts. When
 * no solve has finished for one interval, a {@code timer} event is added, so the allocation is
 * refreshed without events. The interval counts from the end of the last solve, not on a fixed
 * clock: a solve longer than the interval (Kdl with POP-16: ~5 minutes here) must not turn the
 * timer into back-to-back solves that leave no CPU for anything else.
 */
public final class SolveLoop implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SolveLoop.class);

    /**
     * The loop's state, for {@code /v1/status}.
     *
     * @param solving    whether a solve is running now
     * @param pending    events waiting for the next solve (coalesced, distinct), empty when none
     * @param completed  solve passes finished since start
     * @param lastReport the last pass's report, if any
     */
    public record Status(boolean solving, List<String> pending, long completed, Optional<SolveReport> lastReport) {
    }

    /** How long {@link #close()} waits for a running solve. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    private final SolveRunner runner;
    private final long intervalNanos;
    private final Thread thread;
    private final java.util.concurrent.ExecutorService pruner = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "te-prune");
        t.setDaemon(true);
        return t;
    });
    private final Set<String> pending = new LinkedHashSet<>();
    private boolean solving;
    private boolean closed;
    private long completed;
    private Optional<SolveReport> lastReport = Optional.empty();

    /** @param interval time after a solve ends before the timer asks for another, {@code > 0} */
    public SolveLoop(SolveRunner runner, Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("solve interval must be > 0, got " + interval);
        }
        this.runner = runner;
        this.intervalNanos = interval.toNanos();
        this.thread = new Thread(this::run, "te-solve");
        // A solve inside a native solver cannot be interrupted and may take minutes; shutdown must
        // not wait for it (state files are crash-safe, so dying mid-solve or mid-write loses nothing).
        thread.setDaemon(true);
        thread.start();
    }

    /** Asks for a solve; returns at once. {@code reason} names the event, e.g. {@code demands}. */
    public synchronized void request(String reason) {
        if (!closed) {
            pending.add(reason);
            notifyAll();
        }
    }

    /**
     * Asks for a solve after a link-state change, and meanwhile, on a thread of its own, serves the
     * current allocation without flow over failed links at once: a running solve must not keep
     * traffic pointed at a dead link until it ends.
     */
    public void linksChanged(String reason) {
        request(reason);
        try {
            pruner.execute(() -> {
                try {
                    runner.pruneToCurrentLinks();
                } catch (RuntimeException | Error e) {
                    // E.g. the state directory became unwritable; the solve pass tries again.
                    LOG.error("pruning after a link change failed", e);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            // Closed (the pruner shuts down with the loop): the link state is saved; the next start prunes and solves.
        }
    }

    /** @return a consistent view of the loop */
    public synchronized Status status() {
        return new Status(solving, List.copyOf(pending), completed, lastReport);
    }

    private void run() {
        long due = System.nanoTime() + intervalNanos;
        while (true) {
            List<String> reasons;
            synchronized (this) {
                while (pending.isEmpty() && !closed) {
                    long left = due - System.nanoTime();
                    if (left <= 0) {
                        pending.add("timer");
                        break;
                    }
                    try {
                        TimeUnit.NANOSECONDS.timedWait(this, left);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                reasons = new ArrayList<>(pending);
                pending.clear();
                solving = true;
            }
            Optional<SolveReport> report = Optional.empty();
            try {
                report = Optional.of(runner.solve(reasons));
            } catch (RuntimeException | Error e) {
                // E.g. the state directory became unwritable: log, keep serving, try again on the next event.
                LOG.error("solve pass failed", e);
            } finally {
                due = System.nanoTime() + intervalNanos;
                synchronized (this) {
                    solving = false;
                    completed++;
                    if (report.isPresent()) {
                        lastReport = report;
                    }
                    notifyAll();
                }
            }
        }
    }

    /**
     * Stops the loop: no new solve starts; a running one is given {@link #CLOSE_WAIT} to finish and
     * is then abandoned (its thread is a daemon thread and dies with the JVM).
     */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        pruner.shutdown();
        try {
            // A pruning writes state: it must be done before the state directory is let go.
            if (!pruner.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("stopping with a pruning still running; the link state is saved, the next start prunes again");
            }
            thread.join(CLOSE_WAIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.warn("stopping with a solve still running; it is abandoned, the last good allocation stays on disk");
        }
    }
}
