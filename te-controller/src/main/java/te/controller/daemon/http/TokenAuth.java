package te.controller.daemon.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bearer-token check for mutating requests. The comparison is constant-time
 * ({@link MessageDigest#isEqual}) so response timing does not reveal how much of a guess matched.
 */
public final class TokenAuth {
    private static final Logger LOG = LoggerFactory.getLogger(TokenAuth.class);
    /** Largest token file read: a token is one line, far shorter. */
    static final int MAX_TOKEN_FILE_BYTES = 4096;
    private final Optional<byte[]> token;

    private TokenAuth(Optional<byte[]> token) {
        this.token = token;
    }

    /** @return no token: every request is allowed (only acceptable on loopback, which the daemon enforces) */
    public static TokenAuth none() {
        return new TokenAuth(Optional.empty());
    }

    /**
     * @param file a file holding the token on its first line (surrounding whitespace ignored)
     * @throws IllegalArgumentException if the file is unreadable, empty, or the token is shorter than 16 characters or holds
     *                                  anything but printable ASCII
     */
    public static TokenAuth fromFile(Path file) {
        String text;
        try (java.io.InputStream in = Files.newInputStream(file)) {
            // Read with a bound: a wrong path (/dev/zero, a log file) must not exhaust memory.
            byte[] bytes = in.readNBytes(MAX_TOKEN_FILE_BYTES + 1);
            if (bytes.length > MAX_TOKEN_FILE_BYTES) {
                throw new IllegalArgumentException("token file %s is over %d bytes, expected one line holding the token"
                        .formatted(file, MAX_TOKEN_FILE_BYTES));
            }
            text = new String(bytes, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            // The reason is the cause's, which the command line adds in the file system's words.
            throw new UncheckedIOException("cannot read token file %s".formatted(file), e);
        }
        int newline = text.indexOf('\n');
        String token = (newline < 0 ? text : text.substring(0, newline)).strip();
        // Only what a client can send in an Authorization header and have it compared byte for
        // byte: other characters never match (non-ASCII) or are refused by the HTTP codec (controls).
        int bad = token.chars().filter(c -> c < 0x21 || c > 0x7e).findFirst().orElse(-1);
        if (bad >= 0) {
            throw new IllegalArgumentException(("token file %s: the token holds character U+%04X at position %d, expected printable ASCII "
                    + "without spaces (e.g. openssl rand -hex 32 > %s)").formatted(file, bad, token.indexOf(bad) + 1, file));
        }
        if (token.length() < 16) {
            throw new IllegalArgumentException("token file %s holds a token of %d characters, expected at least 16 (e.g. openssl rand -hex 32 > %s)"
                    .formatted(file, token.length(), file));
        }
        warnIfReadableByOthers(file);
        return new TokenAuth(Optional.of(token.getBytes(StandardCharsets.UTF_8)));
    }

    private static void warnIfReadableByOthers(Path file) {
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.contains(PosixFilePermission.OTHERS_READ) || perms.contains(PosixFilePermission.GROUP_READ)) {
                LOG.warn("token file {} is readable by group or others ({}); chmod 600 it", file, PosixFilePermissions.toString(perms));
            }
        } catch (IOException | UnsupportedOperationException e) {
            LOG.debug("cannot read permissions of {}: {}", file, e.toString());
        }
    }

    /** @return whether a token is required */
    public boolean enabled() {
        return token.isPresent();
    }

    /** @return whether the Authorization header value grants access */
    public boolean allows(String authorization) {
        if (token.isEmpty()) {
            return true;
        }
        String prefix = "Bearer ";
        if (!authorization.regionMatches(true, 0, prefix, 0, prefix.length())) {
            return false;
        }
        byte[] given = authorization.substring(prefix.length()).strip().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, token.get());
    }
}
