package te.controller.daemon.solve;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.AllocationBook;
import te.controller.daemon.AllocationInfo;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.DaemonMetrics;
import te.lp.Allocation;

/**
 * The one way a new allocation goes out: checked and persisted (by the book), metered, then handed
 * to the publisher; a pruning after a link failure is handed out first and persisted right after.
 */
final class Publication {
    private static final Logger LOG = LoggerFactory.getLogger(Publication.class);
    private final AllocationBook allocations;
    private final AllocationPublisher publisher;
    private final DaemonMetrics metrics;
    /** The allocation version last handed to the publisher in this run, 0 for none yet. */
    private volatile long handedOut;

    Publication(AllocationBook allocations, AllocationPublisher publisher, DaemonMetrics metrics) {
        this.allocations = allocations;
        this.publisher = publisher;
        this.metrics = metrics;
    }

    /**
     * @return the published snapshot
     * @throws IllegalArgumentException if the allocation fails the check (nothing is published)
     */
    AllocationSnapshot publish(AllocationInfo info, Allocation allocation) {
        AllocationSnapshot snapshot = allocations.publish(info, allocation);
        handOut(snapshot);
        return snapshot;
    }

    /**
     * Like {@link #publish}, but the publisher gets the allocation before it is persisted
     * ({@link AllocationBook#serveFirst}): for prunings after a link failure.
     */
    AllocationSnapshot publishServingFirst(AllocationInfo info, Allocation allocation) {
        return allocations.serveFirst(info, allocation, this::handOut);
    }

    /**
     * Hands {@code served} to the publisher unless it was handed out already in this run: an
     * allocation read from the state at start-up that a pass leaves as it is (nothing changed)
     * must still reach the switches, which only hear of what is handed out.
     */
    void handOutIfNotYet(AllocationSnapshot served) {
        if (handedOut != served.version()) {
            handOut(served);
        }
    }

    private void handOut(AllocationSnapshot snapshot) {
        handedOut = snapshot.version();
        metrics.served(snapshot);
        try {
            publisher.publish(snapshot);
        } catch (RuntimeException e) {
            // The allocation is good and served; a publisher failure is the southbound's problem to report.
            LOG.error("allocation publisher failed for version {}", snapshot.version(), e);
        }
    }
}
