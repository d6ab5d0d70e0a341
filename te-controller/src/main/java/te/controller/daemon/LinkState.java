package te.controller.daemon;

import java.util.ArrayList;
import java.util.List;

/**
 * Which arcs are failed, by arc index, sorted and unique.
 *
 * @param version  topology (link-state) version: 0 at start-up with every link up, +1 per change
 * @param downArcs failed arcs, ascending
 */
public record LinkState(long version, List<Integer> downArcs) {
    public LinkState {
        if (version < 0) {
            throw new IllegalArgumentException("link-state version must be >= 0, got " + version);
        }
        downArcs = List.copyOf(downArcs);
        for (int i = 1; i < downArcs.size(); i++) {
            if (downArcs.get(i - 1) >= downArcs.get(i)) {
                throw new IllegalArgumentException("down arcs must be ascending and unique, got " + downArcs);
            }
        }
    }

    /** @return every link up, version 0 */
    public static LinkState allUp() {
        return new LinkState(0, List.of());
    }

    /** @return whether arc {@code a} is failed */
    public boolean isDown(int a) {
        return java.util.Collections.binarySearch(downArcs, a) >= 0;
    }

    /** @return the next version with arc {@code a} set down or up; this state if nothing changes */
    public LinkState with(int a, boolean down) {
        if (isDown(a) == down) {
            return this;
        }
        List<Integer> next = new ArrayList<>(downArcs);
        if (down) {
            next.add(a);
            next.sort(null);
        } else {
            next.remove(Integer.valueOf(a));
        }
        return new LinkState(version + 1, next);
    }
}
