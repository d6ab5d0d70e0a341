package te.lp;

import java.util.ArrayList;
import java.util.List;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;

/** Builds TE problems for tests. */
public final class TeInstances {
    private TeInstances() {
    }

    /** @return the problem routing {@code tm} over all-pairs paths of {@code topology} */
    public static TeProblem problem(Topology topology, PathSpec spec, TrafficMatrix tm) {
        PathSet paths = PathPrecomputation.allPairs(topology, spec, 2, PathPrecomputation.Progress.NONE);
        return TeProblem.of(topology, paths, Commodities.of(tm, paths));
    }

    /** @return {@code problem} with the given arcs failed (capacity 0), paths and commodities as they are */
    public static TeProblem withClosedArcs(TeProblem problem, int... arcs) {
        double[] capacity = problem.capacityMbps().clone();
        for (int a : arcs) {
            capacity[a] = 0;
        }
        return new TeProblem(problem.topology(), problem.paths(), problem.commodities(), capacity);
    }

    /** @return a matrix from "s>d=demand" entries (sorted by the caller) */
    public static TrafficMatrix matrix(int n, String... entries) {
        int[] s = new int[entries.length];
        int[] d = new int[entries.length];
        double[] dem = new double[entries.length];
        for (int i = 0; i < entries.length; i++) {
            String[] pairDemand = entries[i].split("=");
            String[] sd = pairDemand[0].split(">");
            s[i] = Integer.parseInt(sd[0]);
            d[i] = Integer.parseInt(sd[1]);
            dem[i] = Double.parseDouble(pairDemand[1]);
        }
        return new TrafficMatrix(n, s, d, dem);
    }

    /** A ring with chords whose links are thin (20–100 Mbps) or fat (5,000), so some arcs bind and some cannot. */
    public static Topology mixedCapacities(int n, long seed) {
        java.util.Random random = new java.util.Random(seed);
        List<String> links = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            links.add(i + "-" + (i + 1) % n);
        }
        java.util.Set<Long> chords = new java.util.HashSet<>();
        for (int j = 0; j < n / 3; j++) {
            int a = 3 * j;
            int b = (3 * j + n / 2) % n;
            // Where n/2 is a multiple of 3 the chord from b comes back to a: one link, not two.
            if (chords.add((long) Math.min(a, b) * n + Math.max(a, b))) {
                links.add(a + "-" + b);
            }
        }
        return TestTopologies.undirected(n, links.stream()
                .map(l -> l + "@" + (random.nextBoolean() ? 20 + random.nextInt(80) : 5000)).toArray(String[]::new));
    }
}
