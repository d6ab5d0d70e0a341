package te.lp.pop;

import java.util.SplittableRandom;
import te.lp.Commodities;
import te.lp.TeProblem;

/**
 * POP's default: each original commodity's pieces go to distinct sub-problems drawn from a random
 * permutation (without replacement; a fresh permutation for every k pieces), as the reference's
 * RandomSplitter. {@link SplittableRandom}'s algorithm is fixed by the Java specification, so a seed
 * gives the same partition on every JVM.
 */
public final class RandomPartitioner implements Partitioner {
    @Override
    public String name() {
        return "random";
    }

    @Override
    public int[] assign(TeProblem problem, ClientSplit pieces, int k, long seed) {
        Commodities commodities = problem.commodities();
        SplittableRandom random = new SplittableRandom(seed);
        int[] sub = new int[pieces.size()];
        int[] perm = new int[k];
        int p = 0;
        while (p < pieces.size()) {
            int origin = pieces.origin()[p];
            int end = p;
            while (end < pieces.size() && pieces.origin()[end] == origin) {
                end++;
            }
            for (int block = p; block < end; block += k) {
                int take = Math.min(k, end - block);
                for (int i = 0; i < k; i++) {
                    perm[i] = i;
                }
                // Partial Fisher-Yates: the first `take` entries are a uniform draw without replacement.
                for (int i = 0; i < take; i++) {
                    int j = i + random.nextInt(k - i);
                    int tmp = perm[i];
                    perm[i] = perm[j];
                    perm[j] = tmp;
                    sub[block + i] = perm[i];
                }
            }
            p = end;
        }
        return sub;
    }
}
