package te.southbound;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Assigns small integer ids (MPLS labels, group ids) that stay put across updates. A key seen
 * before keeps its id; a new key gets the smallest id that no previous key, no reserved id and
 * no other new key holds. Never reusing a previous id within one update is what keeps
 * make-before-break safe: a label still carried by an old ingress bucket is never re-pointed at
 * another path until that bucket is gone.
 */
final class StableIds {
    private StableIds() {
    }

    /**
     * @param keys     keys needing ids, in a deterministic order
     * @param previous ids of the last update
     * @param reserved ids seen on switches (may belong to entries of an earlier controller run)
     * @param lo       first usable id
     * @param hi       one past the last usable id
     * @param what     name of the id space for the error message
     * @throws IllegalStateException when the space is exhausted
     */
    static <K> Map<K, Integer> assign(Collection<K> keys, Map<K, Integer> previous, Set<Integer> reserved,
                                      int lo, int hi, String what) {
        Map<K, Integer> result = new LinkedHashMap<>();
        Set<Integer> taken = new HashSet<>(previous.values());
        taken.addAll(reserved);
        int next = lo;
        for (K key : keys) {
            Integer old = previous.get(key);
            if (old != null) {
                result.put(key, old);
                continue;
            }
            while (next < hi && taken.contains(next)) {
                next++;
            }
            if (next >= hi) {
                throw new IllegalStateException("out of %s: all %d ids in [%d, %d) are in use"
                        .formatted(what, hi - lo, lo, hi));
            }
            taken.add(next);
            result.put(key, next++);
        }
        return result;
    }
}
