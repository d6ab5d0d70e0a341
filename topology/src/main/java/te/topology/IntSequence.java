package te.topology;

import java.util.Arrays;

/**
 * An {@code int[]} compared by content, as a hash key (a path's arcs, a group's signatures). The
 * array is not copied: whoever makes one must not change it afterwards.
 *
 * @param values the sequence
 */
public record IntSequence(int[] values) {
    @Override
    public boolean equals(Object o) {
        return o instanceof IntSequence other && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
