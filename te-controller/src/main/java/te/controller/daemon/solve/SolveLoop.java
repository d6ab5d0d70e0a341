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
     * @param lastError  when the last pass threw (no report): what it threw, when, and when its events are tried again
     */
    public record Status(boolean solving, List<String> pending, long completed, Optional<SolveReport> lastReport,
                         Optional<PassError> lastError) {
    }

    /**
     * A pass that threw instead of reporting (e.g. the state directory became unwritable, or the JVM
     * ran out of memory in the solver).
     *
     * @param message  the exception's class and message
     * @param at       when the pass ended
     * @param reasons  the events it was for; kept, and solved again at {@code retryAt} (or at the next event)
     * @param retryAt  when those events are tried again without a new one
     * @param failures passes in a row that threw
     */
    public record PassError(String message, java.time.Instant at, List<String> reasons, java.time.Instant retryAt, int failures) {
    }

    /** The first retry's delay after a pass throws; it doubles per pass in a row that throws, up to the interval. */
    static final Duration FIRST_RETRY = Duration.ofSeconds(1);

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
    /** Events of passes that threw, solved again at {@link #retryDue} or with the next event. */
    private final Set<String> retry = new LinkedHashSet<>();
    private long retryDue;
    private Optional<PassError> lastError = Optional.empty();
    private final Runnable onPassError;
    private boolean solving;
    private boolean closed;
    private long completed;
    private Optional<SolveReport> lastReport = Optional.empty();

    /** @param interval time after a solve ends before the timer asks for another, {@code > 0} */
    public SolveLoop(SolveRunner runner, Duration interval) {
        this(runner, interval, () -> {
        });
    }

    /**
     * @param interval    time after a solve ends before the timer asks for another, {@code > 0}
     * @param onPassError called on the solve thread after a pass threw (e.g. to count it)
     */
    public SolveLoop(SolveRunner runner, Duration interval, Runnable onPassError) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("solve interval must be > 0, got " + interval);
        }
        this.runner = runner;
        this.onPassError = onPassError;
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
        Set<String> waiting = new LinkedHashSet<>(retry);
        waiting.addAll(pending);
        return new Status(solving, List.copyOf(waiting), completed, lastReport, lastError);
    }

    private void run() {
        long due = System.nanoTime() + intervalNanos;
        while (true) {
            List<String> reasons;
            synchronized (this) {
                while (pending.isEmpty() && !closed) {
                    long now = System.nanoTime();
                    if (!retry.isEmpty() && retryDue - now <= 0) {
                        break;
                    }
                    long left = due - now;
                    if (left <= 0) {
                        pending.add("timer");
                        break;
                    }
                    if (!retry.isEmpty()) {
                        left = Math.min(left, retryDue - now);
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
                Set<String> all = new LinkedHashSet<>(retry);
                all.addAll(pending);
                reasons = new ArrayList<>(all);
                retry.clear();
                pending.clear();
                solving = true;
            }
            Optional<SolveReport> report = Optional.empty();
            Throwable thrown = null;
            try {
                report = Optional.of(runner.solve(reasons));
            } catch (RuntimeException | Error e) {
                // E.g. the state directory became unwritable: keep serving, and solve these events
                // again soon rather than at the next interval (minutes) or event.
                LOG.error("solve pass for {} failed", reasons, e);
                thrown = e;
            } finally {
                due = System.nanoTime() + intervalNanos;
                synchronized (this) {
                    solving = false;
                    completed++;
                    if (report.isPresent()) {
                        lastReport = report;
                        lastError = Optional.empty();
                    } else if (thrown != null) {
                        failed(reasons, thrown);
                    }
                    notifyAll();
                }
            }
            if (thrown != null) {
                try {
                    onPassError.run();
                } catch (RuntimeException e) {
                    LOG.warn("counting a failed solve pass failed", e);
                }
            }
        }
    }

    private void failed(List<String> reasons, Throwable thrown) {
        int failures = lastError.map(PassError::failures).orElse(0) + 1;
        // 1 s, 2 s, 4 s … up to the interval: a lasting fault (a full disk) must not become a busy loop.
        long delay = Math.min(intervalNanos, FIRST_RETRY.toNanos() << Math.min(failures - 1, 30));
        retryDue = System.nanoTime() + delay;
        retry.addAll(reasons);
        java.time.Instant at = java.time.Instant.now();
        lastError = Optional.of(new PassError(thrown.getClass().getName() + ": " + thrown.getMessage(), at, List.copyOf(reasons),
                at.plusNanos(delay), failures));
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
