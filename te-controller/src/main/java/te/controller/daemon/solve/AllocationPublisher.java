package te.controller.daemon.solve;

import te.controller.daemon.AllocationSnapshot;

/**
 * Receives every new good allocation, after it was checked and persisted, from the solve thread.
 * The southbound module implements this to push split weights to switches; an implementation must
 * not block for long (the next solve waits) and must not throw for a switch that is down.
 */
@FunctionalInterface
public interface AllocationPublisher {
    /** @param allocation the new allocation now being served */
    void publish(AllocationSnapshot allocation);
}
