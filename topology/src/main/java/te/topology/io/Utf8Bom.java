package te.topology.io;

/** The UTF-8 byte-order mark some editors (on Windows, mostly) put at the start of a text file. */
public final class Utf8Bom {
    private Utf8Bom() {
    }

    /** @return 3 when {@code bytes} start with a UTF-8 byte-order mark, else 0 */
    public static int length(byte[] bytes) {
        return length(bytes, 0);
    }

    /** @return 3 when {@code bytes} hold a UTF-8 byte-order mark at {@code from}, else 0 */
    public static int length(byte[] bytes, int from) {
        return bytes.length - from >= 3 && (bytes[from] & 0xff) == 0xef && (bytes[from + 1] & 0xff) == 0xbb
                && (bytes[from + 2] & 0xff) == 0xbf ? 3 : 0;
    }

    /** @return the bytes without a leading byte-order mark (the same array when there is none) */
    public static byte[] strip(byte[] bytes) {
        int bom = length(bytes);
        return bom == 0 ? bytes : java.util.Arrays.copyOfRange(bytes, bom, bytes.length);
    }
}
