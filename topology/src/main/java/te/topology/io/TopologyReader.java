package te.topology.io;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import te.topology.Topology;
import te.topology.TopologyFormatException;

/**
 * Reads a topology file of either supported format and normalises it. The format is chosen by the
 * file's content (XML or JSON), so a misnamed file still loads and an unknown one is named as such.
 */
public final class TopologyReader {
    private final TopologyNormalizer normalizer;

    /** @param options default capacity and other load settings */
    public TopologyReader(LoadOptions options) {
        this.normalizer = new TopologyNormalizer(options);
    }

    /** A reader with the reference's defaults (1000 Mbps per arc without a file capacity). */
    public TopologyReader() {
        this(LoadOptions.defaults());
    }

    /**
     * @param file a regular file of at most {@link InputFiles#MAX_BYTES} (1 GiB)
     * @return the normalised topology in the file
     * @throws TopologyFormatException if the file is missing, not a regular file (a FIFO, say),
     *                                 larger than the limit, of an unknown format or invalid
     */
    public Topology read(Path file) {
        byte[] bytes;
        try {
            bytes = InputFiles.readAll(file);
        } catch (NoSuchFileException e) {
            throw new TopologyFormatException(file.toString(), null, "no such file");
        } catch (IOException e) {
            throw new TopologyFormatException(file.toString(), null, "cannot read: " + e.getMessage(), e);
        }
        return read(file.toString(), bytes);
    }

    /**
     * @param source name used in error messages and as the fallback network name
     * @param bytes  the file's content
     * @return the normalised topology
     * @throws TopologyFormatException if the content is of an unknown format or invalid
     */
    public Topology read(String source, byte[] bytes) {
        return normalizer.normalize(readRaw(source, bytes));
    }

    /** @return the graph exactly as the file describes it, before normalisation */
    public RawGraph readRaw(String source, byte[] bytes) {
        int at = firstSignificantByte(bytes);
        if (at < 0) {
            throw new TopologyFormatException(source, null, "the file is empty (or only whitespace)");
        }
        int first = bytes[at] & 0xff;
        if (first == '<' || first == '{') {
            // The readers decode UTF-8 leniently (a Latin-1 'é' in a node id would become U+FFFD).
            String notUtf8 = StrictUtf8.problem(bytes);
            if (notUtf8 != null) {
                throw new TopologyFormatException(source, null, "the file is " + notUtf8 + "; save it as UTF-8");
            }
        }
        return switch (first) {
            case '<' -> new GraphMlReader().read(source, bytes);
            case '{' -> new NodeLinkJsonReader().read(source, bytes);
            default -> throw new TopologyFormatException(source, null,
                    "unknown format: expected GraphML (starts with '<') or node-link JSON (starts with '{'), got byte 0x%02x%s at offset %d%s"
                            .formatted(first, first >= 0x20 && first < 0x7f ? " ('" + (char) first + "')" : "", at, hint(bytes)));
        };
    }

    /** @return what the start of a file that is neither format looks like, when it is recognisable */
    private static String hint(byte[] b) {
        if (b.length >= 2 && (b[0] & 0xff) == 0x1f && (b[1] & 0xff) == 0x8b) {
            return "; it looks gzip-compressed: decompress it first";
        }
        if (b.length >= 2 && ((b[0] & 0xff) == 0xfe && (b[1] & 0xff) == 0xff || (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xfe)) {
            return "; it looks UTF-16 encoded: save it as UTF-8";
        }
        return "";
    }

    /** @return the index of the first byte that is not whitespace (after a UTF-8 byte-order mark), or -1 */
    private static int firstSignificantByte(byte[] bytes) {
        for (int i = Utf8Bom.length(bytes); i < bytes.length; i++) {
            byte b = bytes[i];
            // XML and JSON whitespace only (Character.isWhitespace would also skip gzip's first byte, 0x1f).
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return i;
            }
        }
        return -1;
    }
}
