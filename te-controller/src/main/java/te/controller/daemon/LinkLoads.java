package te.controller.daemon;

import java.time.Instant;
import java.util.Objects;

/**
 * Traffic the switches measured on each arc: what left its tail port per second over the last
 * polling interval.
 *
 * @param measuredAt when the counters behind these rates were read
 * @param mbps       per arc (indexed like the topology's arcs), Mbps; NaN where unknown (switch away,
 *                   counter reset, first reading)
 */
public record LinkLoads(Instant measuredAt, double[] mbps) {
    public LinkLoads {
        Objects.requireNonNull(measuredAt, "measuredAt");
        mbps = mbps.clone();
    }

    /** @return arc {@code a}'s measured rate in Mbps, NaN when unknown */
    public double mbps(int a) {
        return mbps[a];
    }

    /** @return how many arcs have a measured rate */
    public int measuredArcs() {
        int n = 0;
        for (double v : mbps) {
            n += Double.isNaN(v) ? 0 : 1;
        }
        return n;
    }

    /** @return the highest measured rate ÷ capacity over arcs with capacity, NaN when none is known */
    public double maxUtilisation(double[] capacityMbps) {
        double max = Double.NaN;
        for (int a = 0; a < mbps.length; a++) {
            if (!Double.isNaN(mbps[a]) && capacityMbps[a] > 0) {
                double u = mbps[a] / capacityMbps[a];
                max = Double.isNaN(max) ? u : Math.max(max, u);
            }
        }
        return max;
    }
}
