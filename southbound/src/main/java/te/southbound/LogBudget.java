package te.southbound;

/**
 * At most {@code perWindow} log lines per window for one source; a switch flooding errors or
 * port changes must not fill the disk. What was held back is counted and said with the next line
 * let through. Used from one event loop; not thread-safe.
 */
final class LogBudget {
    private final int perWindow;
    private final long windowNanos;
    private long windowStart = Long.MIN_VALUE;
    private int used;
    private long suppressed;

    /** @param perWindow lines allowed per window, @param windowMillis the window, ms */
    LogBudget(int perWindow, long windowMillis) {
        this.perWindow = perWindow;
        this.windowNanos = windowMillis * 1_000_000;
    }

    /**
     * @param now {@link System#nanoTime()}
     * @return -1 to hold the line back, else how many lines were held back before it (to say so)
     */
    long take(long now) {
        if (windowStart == Long.MIN_VALUE || now - windowStart >= windowNanos) {
            windowStart = now;
            used = 0;
        }
        if (used >= perWindow) {
            suppressed++;
            return -1;
        }
        used++;
        long held = suppressed;
        suppressed = 0;
        return held;
    }
}
