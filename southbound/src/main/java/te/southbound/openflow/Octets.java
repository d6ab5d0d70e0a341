package te.southbound.openflow;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * An immutable byte string compared by content. Records holding a {@code byte[]} would compare by
 * identity, so opaque payloads (echo data, error data, elements this codec does not interpret) use
 * this instead.
 */
public final class Octets {
    /** The empty byte string. */
    public static final Octets EMPTY = new Octets(new byte[0]);

    private final byte[] bytes;

    private Octets(byte[] bytes) {
        this.bytes = bytes;
    }

    /** Copies {@code bytes}; later changes to the array do not show. */
    public static Octets of(byte... bytes) {
        return bytes.length == 0 ? EMPTY : new Octets(bytes.clone());
    }

    /** @return a copy of the bytes */
    public byte[] toArray() {
        return bytes.clone();
    }

    /** @return number of bytes */
    public int length() {
        return bytes.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Octets other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return HexFormat.of().formatHex(bytes);
    }
}
