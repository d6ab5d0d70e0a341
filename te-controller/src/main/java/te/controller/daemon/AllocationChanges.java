package te.controller.daemon;

import java.util.Arrays;
import java.util.function.IntPredicate;
import te.lp.Allocation;
import te.lp.Commodities;
import te.topology.paths.PathSet;

/**
 * Which commodities of an allocation changed since an earlier version, for
 * {@code GET /v1/allocation?since=V}: Kdl's whole allocation is 286 MB of JSON, and a re-solve
 * after one link event moves a fraction of it. Per commodity it keeps the version at which what
 * the API shows of it (demand, paths, path flows) last changed, and per pair that left the
 * allocation (zero demand, no path left) the version it left at. Exact, not a digest: flows are
 * compared bit for bit.
 *
 * <p>Only versions this daemon run has seen can be diffed against: a client holding an older one
 * gets the whole allocation ({@link #covers}).
 *
 * @param version     the allocation version this describes
 * @param trackedFrom the oldest version whose changes are known: the first allocation of this run
 * @param changedAt   per commodity index of the allocation, the version its rendering last changed
 * @param removedKeys pairs (src · nodes + dst) that were in an earlier version of this run and are
 *                    not in this one, ascending
 * @param removedAt   per removed pair, the version it left at
 */
public record AllocationChanges(long version, long trackedFrom, long[] changedAt, long[] removedKeys, long[] removedAt) {
    public AllocationChanges {
        if (removedKeys.length != removedAt.length) {
            throw new IllegalArgumentException("removedKeys and removedAt differ in length: %d, %d"
                    .formatted(removedKeys.length, removedAt.length));
        }
    }

    /** @return the changes of the first allocation of a run: nothing older is known */
    public static AllocationChanges first(long version, Allocation a) {
        long[] at = new long[a.problem().commodities().size()];
        Arrays.fill(at, version);
        return new AllocationChanges(version, version, at, new long[0], new long[0]);
    }

    /**
     * @param previous the allocation these changes describe (version {@link #version})
     * @param next     the allocation published after it, as {@code version}
     * @return the changes of {@code next}: commodities shown the same keep their version, others
     *         (and new ones) get {@code version}; pairs that left get {@code version} as the version
     *         they left at, and a pair that comes back is no longer removed
     */
    public AllocationChanges next(Allocation previous, long version, Allocation next) {
        if (version <= this.version) {
            throw new IllegalArgumentException("version %d does not follow %d".formatted(version, this.version));
        }
        Commodities old = previous.problem().commodities();
        Commodities now = next.problem().commodities();
        long nodes = next.problem().topology().nodeCount();
        long[] at = new long[now.size()];
        long[] left = new long[old.size()];
        int leftCount = 0;
        int i = 0;
        int j = 0;
        // Both are sorted by (src, dst): one merge walk.
        while (i < old.size() || j < now.size()) {
            long oldKey = i < old.size() ? old.src(i) * nodes + old.dst(i) : Long.MAX_VALUE;
            long newKey = j < now.size() ? now.src(j) * nodes + now.dst(j) : Long.MAX_VALUE;
            if (oldKey < newKey) {
                left[leftCount++] = oldKey;
                i++;
            } else if (newKey < oldKey) {
                at[j++] = version;
            } else {
                at[j] = sameRendering(previous, i, next, j) ? changedAt[i] : version;
                i++;
                j++;
            }
        }
        // Merge the pairs that left now into those that left before, dropping any that is back.
        // A pair cannot be in both lists: one that left before was not in the previous allocation.
        long[] keys = new long[leftCount + removedKeys.length];
        long[] leftAt = new long[keys.length];
        int n = 0;
        for (int k = 0, w = 0; k < leftCount || w < removedKeys.length; ) {
            if (w == removedKeys.length || (k < leftCount && left[k] < removedKeys[w])) {
                keys[n] = left[k++];
                leftAt[n++] = version;
            } else {
                if (indexOf(now, nodes, removedKeys[w]) < 0) {
                    keys[n] = removedKeys[w];
                    leftAt[n++] = removedAt[w];
                }
                w++;
            }
        }
        return new AllocationChanges(version, trackedFrom, at, Arrays.copyOf(keys, n), Arrays.copyOf(leftAt, n));
    }

    /**
     * @param c     commodities of a daemon allocation, which are sorted by (src, dst)
     * @param nodes the topology's node count
     * @param key   a pair, src · nodes + dst
     * @return the pair's commodity index, or -1 (binary search)
     */
    public static int indexOf(Commodities c, long nodes, long key) {
        int lo = 0;
        int hi = c.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long k = c.src(mid) * nodes + c.dst(mid);
            if (k < key) {
                lo = mid + 1;
            } else if (k > key) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /**
     * @return whether {@code a} and {@code b} route the same pairs with the same demands over the same
     *         paths with bit-for-bit the same flows (so they render the same, commodity by commodity)
     */
    public static boolean sameFlows(Allocation a, Allocation b) {
        Commodities ca = a.problem().commodities();
        Commodities cb = b.problem().commodities();
        if (ca.size() != cb.size()) {
            return false;
        }
        for (int i = 0; i < ca.size(); i++) {
            if (ca.src(i) != cb.src(i) || ca.dst(i) != cb.dst(i) || !sameRendering(a, i, b, i)) {
                return false;
            }
        }
        return true;
    }

    /** @return whether commodity {@code i} of {@code a} and {@code j} of {@code b} (one pair) render the same */
    private static boolean sameRendering(Allocation a, int i, Allocation b, int j) {
        Commodities ca = a.problem().commodities();
        Commodities cb = b.problem().commodities();
        if (Double.doubleToLongBits(ca.demandMbps(i)) != Double.doubleToLongBits(cb.demandMbps(j))) {
            return false;
        }
        PathSet pa = a.problem().paths();
        PathSet pb = b.problem().paths();
        int pairA = ca.pairIndex(i);
        int pairB = cb.pairIndex(j);
        int count = pa.pathCount(pairA);
        if (count != pb.pathCount(pairB)) {
            return false;
        }
        int firstA = a.firstColumn(i);
        int firstB = b.firstColumn(j);
        for (int p = 0; p < count; p++) {
            if (Double.doubleToLongBits(a.pathFlowMbps(firstA + p)) != Double.doubleToLongBits(b.pathFlowMbps(firstB + p))) {
                return false;
            }
            // Same path set object (no link event between the two): the same pair has the same paths.
            if (pa != pb && !pa.samePath(pa.firstPath(pairA) + p, pb, pb.firstPath(pairB) + p)) {
                return false;
            }
        }
        return true;
    }

    /** @return whether changes since {@code since} are known exactly (else the whole allocation is the answer) */
    public boolean covers(long since) {
        return since >= trackedFrom;
    }

    /** @return per commodity index, whether it changed after version {@code since} (stateless, for parallel rendering) */
    public IntPredicate changedAfter(long since) {
        long[] at = changedAt;
        return k -> at[k] > since;
    }

    /**
     * @return how many commodities this version changed against the one before it, or -1 for a
     *         run's first allocation (nothing before it is known)
     */
    public int changedByThisVersion() {
        return version == trackedFrom ? -1 : changedCount(version - 1);
    }

    /** @return how many commodities changed after version {@code since} */
    public int changedCount(long since) {
        int n = 0;
        for (long v : changedAt) {
            n += v > since ? 1 : 0;
        }
        return n;
    }

    /** @return the pair keys (src · nodes + dst) that left after version {@code since}, ascending */
    public long[] removedAfter(long since) {
        return java.util.stream.IntStream.range(0, removedKeys.length).filter(k -> removedAt[k] > since)
                .mapToLong(k -> removedKeys[k]).toArray();
    }
}
