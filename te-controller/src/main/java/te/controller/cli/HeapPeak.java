package te.controller.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/** Peak Java heap use since JVM start, summed over heap pools (an upper bound on the true peak). */
final class HeapPeak {
    private HeapPeak() {
    }

    /** @return the sum of every heap pool's peak usage, in MiB */
    static double mebibytes() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                bytes += pool.getPeakUsage().getUsed();
            }
        }
        return bytes / (1024.0 * 1024.0);
    }
}
