package te.controller.daemon.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPOutputStream;

/**
 * Compresses a shared body once, on first request, and keeps the result: a Cogentco allocation is
 * 12 MB of JSON and 1.2 MB gzipped, so fifty clients fetching it at once move a tenth of the bytes
 * and the server compresses once per allocation, not once per request.
 */
public final class Gzip {
    private final byte[] plain;
    private volatile byte[] gzipped;

    /** @param plain the uncompressed body (not copied) */
    public Gzip(byte[] plain) {
        this.plain = plain;
    }

    /** @return whether an Accept-Encoding header value allows gzip */
    public static boolean accepted(String acceptEncoding) {
        return QualityValues.accepts(acceptEncoding, "gzip", "*");
    }

    /** @return the gzip bytes, compressed on first use */
    public byte[] bytes() {
        byte[] g = gzipped;
        if (g == null) {
            synchronized (this) {
                if (gzipped == null) {
                    gzipped = compress(plain);
                }
                g = gzipped;
            }
        }
        return g;
    }

    private static byte[] compress(byte[] plain) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, plain.length / 8));
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16)) {
            gz.write(plain);
        } catch (IOException e) {
            throw new UncheckedIOException("gzip of an in-memory body failed", e);
        }
        return out.toByteArray();
    }
}
