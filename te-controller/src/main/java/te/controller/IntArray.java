package te.controller;

import java.util.Arrays;

/** A growable int array: path and arc lists run to tens of millions of entries, too many to box. */
public final class IntArray {
    private int[] data = new int[64];
    private int size;

    /** Appends {@code v}. */
    public void add(int v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, size * 2);
        }
        data[size++] = v;
    }

    /** @return entry {@code i} */
    public int get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException("index %d, size %d".formatted(i, size));
        }
        return data[i];
    }

    /** @return number of entries */
    public int size() {
        return size;
    }

    /** @return a trimmed copy */
    public int[] toArray() {
        return Arrays.copyOf(data, size);
    }
}
