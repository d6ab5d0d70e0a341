package te.controller.daemon.solve;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs solves one at a time on one thread. Events that arrive while a solve runs are coalesced:
 * however many there were, one more solve follows, over the inputs current when it starts. A
 * timer adds a {@code timer} event every interval so the allocation is refreshed without events.
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

    private final SolveRunner runner;
    private final Thread thread;
    private final ScheduledExecutorService timer;
    private final Set<String> pending = new LinkedHashSet<>();
    private boolean solving;
    private boolean closed;
    private long completed;
    private Optional<SolveReport> lastReport = Optional.empty();

    /** @param interval time between timer-triggered solves, {@code > 0} */
    public SolveLoop(SolveRunner runner, Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("solve interval must be > 0, got " + interval);
        }
        this.runner = runner;
        this.thread = new Thread(this::run, "te-solve");
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "te-solve-timer");
            t.setDaemon(true);
            return t;
        });
        thread.start();
        timer.scheduleAtFixedRate(() -> request("timer"), interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Asks for a solve; returns at once. {@code reason} names the event, e.g. {@code demands}. */
    public synchronized void request(String reason) {
        if (!closed) {
            pending.add(reason);
            notifyAll();
        }
    }

    /** @return a consistent view of the loop */
    public synchronized Status status() {
        return new Status(solving, List.copyOf(pending), completed, lastReport);
    }

    private void run() {
        while (true) {
            List<String> reasons;
            synchronized (this) {
                while (pending.isEmpty() && !closed) {
                    try {
                        wait();
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

    /** Stops the timer and the loop; a running solve is allowed to finish. */
    @Override
    public void close() {
        timer.shutdownNow();
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
