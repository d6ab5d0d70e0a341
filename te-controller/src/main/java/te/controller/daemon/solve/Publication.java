package te.controller.daemon.solve;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.AllocationBook;
import te.controller.daemon.AllocationInfo;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.DaemonMetrics;
import te.lp.Allocation;

/**
 * The one way a new allocation goes out: checked and persisted (by the book), metered, then
 * handed to the publisher; one derived from what is persisted is persisted after it is handed over.
 */
final class Publication {
    private static final Logger LOG = LoggerFactory.getLogger(Publication.class);
    private final AllocationBook allocations;
    private final AllocationPublisher publisher;
    private final DaemonMetrics metrics;

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
        hand(info, snapshot);
        return snapshot;
    }

    /**
     * The same for an allocation that follows from what is persisted (the last one pruned of
     * failed links): handed to the publisher first, persisted after, before this returns.
     *
     * @return the published snapshot
     * @throws IllegalArgumentException if the allocation fails the check (nothing is published)
     */
    AllocationSnapshot publishDerived(AllocationInfo info, Allocation allocation) {
        AllocationSnapshot snapshot = allocations.publishDerived(info, allocation);
        hand(info, snapshot);
        try {
            allocations.persist(snapshot);
        } catch (java.io.UncheckedIOException e) {
            // Served already; the restart derives it again from the persisted state.
            LOG.error("could not persist derived allocation version {}", snapshot.version(), e);
        }
        return snapshot;
    }

    private void hand(AllocationInfo info, AllocationSnapshot snapshot) {
        metrics.served(info);
        try {
            publisher.publish(snapshot);
        } catch (RuntimeException e) {
            // The allocation is good; a publisher failure is the southbound's problem to report.
            LOG.error("allocation publisher failed for version {}", snapshot.version(), e);
        }
    }
}
