package te.lp.pop;

import te.lp.Commodities;
import te.lp.TeProblem;

/**
 * A deliberately bad partition (the reference's "skewed" baseline): contiguous blocks of source
 * nodes, so each sub-problem's commodities crowd the same links while it holds only 1/k of them.
 * A negative control for the random partitioner.
 */
public final class SkewedPartitioner implements Partitioner {
    @Override
    public String name() {
        return "skewed";
    }

    @Override
    public int[] assign(TeProblem problem, ClientSplit pieces, int k, long seed) {
        Commodities commodities = problem.commodities();
        int maxSrc = 0;
        for (int c = 0; c < commodities.size(); c++) {
            maxSrc = Math.max(maxSrc, commodities.src(c));
        }
        int perBlock = Math.max(1, (maxSrc + 1) / k);
        int[] sub = new int[pieces.size()];
        for (int p = 0; p < sub.length; p++) {
            sub[p] = Math.min(k - 1, commodities.src(pieces.origin()[p]) / perBlock);
        }
        return sub;
    }
}
