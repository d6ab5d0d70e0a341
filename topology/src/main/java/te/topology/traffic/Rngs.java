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
}
