package te.controller.cli;

import java.io.PrintWriter;
import te.topology.paths.PathPrecomputation;

/**
 * A one-line progress bar on standard error, redrawn in place on a terminal and printed every 10 %
 * otherwise (logs and CI). Thread-safe: workers report concurrently.
 */
final class ProgressBar implements PathPrecomputation.Progress {
    private static final int WIDTH = 40;
    private final PrintWriter err;
    private final String label;
    private final boolean terminal;
    private final long startNanos = System.nanoTime();
    private int lastPercent = -1;

    ProgressBar(PrintWriter err, String label) {
        this.err = err;
        this.label = label;
        this.terminal = System.console() != null;
    }

    @Override
    public synchronized void update(int done, int total) {
        int percent = total == 0 ? 100 : (int) (100L * done / total);
        if (percent == lastPercent || (!terminal && percent % 10 != 0 && done != total)) {
            return;
        }
        lastPercent = percent;
        int filled = percent * WIDTH / 100;
        String bar = "#".repeat(filled) + "-".repeat(WIDTH - filled);
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        String line = "%s [%s] %3d%% %d/%d %.1fs".formatted(label, bar, percent, done, total, seconds);
        if (terminal) {
            err.print("\r" + line + (done == total ? "\n" : ""));
        } else {
            err.println(line);
        }
        err.flush();
    }
}
