package te.topology.traffic;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/** The one place seeds become generators, so every model draws from the same, pinned algorithm. */
final class Rngs {
    private Rngs() {
    }

    /** @return a XoRoShiRo128++ generator: fast, and its output for a seed is fixed by commons-rng */
    static UniformRandomProvider seeded(long seed) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
    }

    static void checkScale(double scale) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale factor must be finite and > 0, got " + scale);
        }
    }

    /** Fills src/dst with all ordered pairs of distinct nodes in row-major order. */
    static int[][] allPairs(int n) {
        int[] src = new int[n * (n - 1)];
        int[] dst = new int[src.length];
        int i = 0;
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                if (u != v) {
                    src[i] = u;
                    dst[i++] = v;
                }
            }
        }
        return new int[][] {src, dst};
    }
}
