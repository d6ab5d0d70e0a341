package te.topology.io;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;

/**
 * Checks that text input is UTF-8 before it is parsed. Why: a lenient reader turns invalid or
 * overlong sequences into other characters (so a node id could silently become another), and
 * Jackson detects and reads UTF-16/32 anyway. Topology files, traffic-matrix files and REST demand
 * uploads are checked with it.
 */
public final class StrictUtf8 {
    private StrictUtf8() {
    }

    /**
     * Checks in chunks, without a copy of the input.
     *
     * @param bytes the input (a UTF-8 byte-order mark is valid UTF-8)
     * @return null when it is UTF-8, else what is wrong, naming the byte offset (e.g. "not valid
     *         UTF-8 at byte 17")
     */
    public static String problem(byte[] bytes) {
        if (bytes.length >= 2 && ((bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe || (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xff)) {
            return "not UTF-8 (it starts with a UTF-16 or UTF-32 byte-order mark)";
        }
        if (bytes.length >= 2 && (bytes[0] == 0 || bytes[1] == 0)) {
            return "not UTF-8 (a zero byte at its start: UTF-16 or UTF-32?)";
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(1 << 14);
        while (true) {
            CoderResult r = decoder.decode(in, out, true);
            if (r.isError()) {
                return "not valid UTF-8 at byte %d".formatted(in.position());
            }
            if (r.isUnderflow()) {
                return null;
            }
            out.clear();
        }
    }
}
