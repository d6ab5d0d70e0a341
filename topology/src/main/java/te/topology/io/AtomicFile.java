package te.topology.io;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes an output file whole or not at all: into a temporary file beside it, then renamed over
 * it. A failure part-way (a full disk, a size limit) leaves the previous file as it was, instead
 * of a truncated one that reads as valid up to the cut. A text or byte output given as a symbolic
 * link is written through (its target replaced, the link kept); one that is not a regular file
 * ({@code /dev/stdout}, a pipe) is written in place, as it cannot be replaced. Channel writes (caches,
 * daemon state: files the program names itself) refuse anything but a regular file.
 */
public final class AtomicFile {
    /** What a new output file gets: what the JVM's own writes give under the usual umask 022. */
    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-r--r--");
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final Logger LOG = LoggerFactory.getLogger(AtomicFile.class);

    private AtomicFile() {
    }

    /** Writes text to a writer; {@link PrintWriter}'s swallowed errors are checked after it. */
    @FunctionalInterface
    public interface Body {
        void write(PrintWriter out) throws IOException;
    }

    /**
     * @throws IOException if writing or the rename fails; {@code target} is then untouched and the
     *                     temporary file removed
     */
    public static void write(Path target, Body body) throws IOException {
        via(target, stream -> {
            // A body may close what it is given (Jackson closes its target): that only flushes
            // here, so the error check below still sees the writer open.
            Writer w = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            PrintWriter out = new PrintWriter(w) {
                @Override
                public void close() {
                    flush();
                }
            };
            body.write(out);
            out.flush();
            if (out.checkError()) {
                throw new IOException("writing " + target + " failed (a full disk?)");
            }
        });
    }

    /** Writes {@code bytes} as {@link #write(Path, Body)} writes text. */
    public static void write(Path target, byte[] bytes) throws IOException {
        via(target, stream -> stream.write(bytes));
    }

    /**
     * @return whether writing {@code target} goes through a temporary file in its directory (so
     *         that directory must be writable): it is a regular file, a link to one, or absent
     */
    public static boolean replaces(Path target) {
        return !Files.exists(target) || Files.isRegularFile(target);
    }

    /** Writes to the temporary file's channel; forcing and closing it are left to the caller. */
    @FunctionalInterface
    public interface ChannelBody {
        void write(FileChannel channel) throws IOException;
    }

    /**
     * Writes {@code target} through its temporary file's channel (large binary files), durably: the
     * content and the rename are forced to disk before it returns. {@code target} must be a regular
     * file or absent; a symbolic link (even to a regular file), directory, FIFO or device is refused
     * untouched, so that a link planted at a cache's name cannot have its target overwritten.
     *
     * @throws NotRegularFileException if {@code target} exists and is not a regular file
     * @throws NotDurableException if only forcing the directory failed: {@code target} holds the new content
     * @throws IOException         if any other step fails; {@code target} is then untouched and the
     *                             temporary file removed
     */
    public static void writeChannel(Path target, ChannelBody body) throws IOException {
        requireRegularOrAbsent(target);
        replace(target, null, body);
    }

    /**
     * As {@link #writeChannel(Path, ChannelBody)}, but the file is left readable by its owner only,
     * whatever mode it had (state a daemon keeps; a copy restored by hand may have come in wider),
     * and a symbolic link is written through (its target replaced, the link kept): an operator may
     * keep a state file on another volume that way, and a daemon that read its state through the
     * link must be able to write it (a review: every upload answered 503). Anything else that is
     * not a regular file is refused.
     */
    public static void writeOwnerOnly(Path target, ChannelBody body) throws IOException {
        if (!Files.isSymbolicLink(target)) {
            requireRegularOrAbsent(target);
        } else if (!Files.isRegularFile(target)) {
            throw new NotRegularFileException(target, "a symbolic link to something that is not a regular file ("
                    + Files.readSymbolicLink(target) + ")");
        }
        replace(target, OWNER_ONLY, body);
    }

    /**
     * @return what {@code target} is when it is neither absent nor a regular file, for a message
     *         ("a symbolic link to x", "a directory", "a FIFO", "a character device", ...); empty when
     *         it is absent or a regular file. A link is described, not followed.
     * @throws IOException if its attributes cannot be read
     */
    public static Optional<String> notRegularFile(Path target) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (attributes.isRegularFile()) {
            return Optional.empty();
        }
        if (attributes.isSymbolicLink()) {
            return Optional.of("a symbolic link to " + Files.readSymbolicLink(target));
        }
        if (attributes.isDirectory()) {
            return Optional.of("a directory");
        }
        return Optional.of(specialKind(target));
    }

    /** Names a FIFO, device or socket from its mode bits where the platform gives them (Linux, macOS). */
    private static String specialKind(Path target) {
        int type;
        try {
            type = (Integer) Files.getAttribute(target, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a special file (a FIFO, device or socket)";
        }
        return switch (type) {
            case 0010000 -> "a FIFO";
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            case 0140000 -> "a socket";
            default -> "a special file (mode type %o)".formatted(type);
        };
    }

    /**
     * A channel write would otherwise rename over a link's target, or over a FIFO or device: the
     * target must be a regular file (not a link) or absent.
     */
    private static void requireRegularOrAbsent(Path target) throws IOException {
        Optional<String> kind = notRegularFile(target);
        if (kind.isPresent()) {
            throw new NotRegularFileException(target, kind.get());
        }
    }

    /** The target of a channel write is a link, directory, FIFO or device: it was left as it is. */
    public static final class NotRegularFileException extends IOException {
        NotRegularFileException(Path file, String kind) {
            super("%s is %s, not a regular file: left as it is".formatted(file, kind));
        }
    }

    private interface StreamWrite {
        void write(OutputStream out) throws IOException;
    }

    private static void via(Path target, StreamWrite body) throws IOException {
        if (!replaces(target)) {
            try (OutputStream out = Files.newOutputStream(target)) {
                body.write(out);
            }
            return;
        }
        replace(target, null, ch -> {
            BufferedOutputStream buffered = new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16);
            body.write(new FilterOutputStream(buffered) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    buffered.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    flush(); // the file is closed by replace, after the fsync
                }
            });
            buffered.flush();
        });
    }

    /** @param mode the file's mode, or null for the existing file's ({@link #NEW_FILE} for a new one) */
    private static void replace(Path target, Set<PosixFilePermission> mode, ChannelBody body) throws IOException {
        Path real = Files.exists(target) ? target.toRealPath() : target.toAbsolutePath();
        removeStaleTemporaries(real);
        if (mode == null) {
            mode = Files.exists(real) ? Files.getPosixFilePermissions(real) : NEW_FILE;
        }
        Path tmp = Files.createTempFile(real.getParent(), temporaryPrefix(real), TEMPORARY_SUFFIX);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                body.write(ch);
                ch.force(true);
            }
            Files.setPosixFilePermissions(tmp, mode);
            moveOver(tmp, real);
        } finally {
            Files.deleteIfExists(tmp);
        }
        try {
            forceDirectory(real.getParent()); // else a power loss may bring back the old file
        } catch (IOException e) {
            throw new NotDurableException(real, e);
        }
    }

    /**
     * The new content was written and renamed into place, but the directory could not be forced
     * to disk: the file holds it (a restart reads it), yet a power loss may bring the old one back.
     * Unlike every other failure of a write, the old content is not what the file holds.
     */
    public static final class NotDurableException extends IOException {
        /** @param file the file written, @param cause why its directory could not be forced */
        public NotDurableException(Path file, IOException cause) {
            super("%s is written, but its directory could not be forced to disk".formatted(file), cause);
        }
    }

    /**
     * A temporary file older than this was left by a write that crashed (Kdl's path cache takes
     * seconds to write); a younger one may be another process's write in progress in a shared directory.
     */
    public static final Duration STALE_TEMPORARY = Duration.ofMinutes(10);

    private static final String TEMPORARY_SUFFIX = ".tmp";

    private static String temporaryPrefix(Path target) {
        return "." + target.getFileName() + ".";
    }

    /** @return whether {@code file} is {@code prefix}, the digits {@code createTempFile} adds, and the suffix */
    private static boolean temporaryOf(String file, String prefix) {
        int digits = file.length() - TEMPORARY_SUFFIX.length();
        if (!file.startsWith(prefix) || !file.endsWith(TEMPORARY_SUFFIX) || digits <= prefix.length()) {
            return false;
        }
        for (int i = prefix.length(); i < digits; i++) {
            if (!Character.isDigit(file.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Removes the temporary files of {@code target} that crashed writes left (up to 123 MB each for
     * Kdl's path cache), once older than {@link #STALE_TEMPORARY}; also those named as before
     * 2026-11-27 ({@code <name><digits>.tmp}). Every write runs it; failures are logged and change nothing else.
     */
    public static void removeStaleTemporaries(Path target) {
        Path dir = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            return;
        }
        String name = target.getFileName().toString();
        String prefix = temporaryPrefix(target);
        long before = System.currentTimeMillis() - STALE_TEMPORARY.toMillis();
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String n = f.getFileName().toString();
                if (!(temporaryOf(n, prefix) || temporaryOf(n, name))) {
                    continue;
                }
                try {
                    if (Files.getLastModifiedTime(f).toMillis() < before && Files.deleteIfExists(f)) {
                        LOG.info("removed {}, left by an interrupted write of {}", n, name);
                    }
                } catch (IOException e) {
                    LOG.warn("cannot remove {}: {}", f, e.toString());
                }
            }
        } catch (IOException e) {
            LOG.warn("cannot list {} for temporary files: {}", dir, e.toString());
        }
    }

    /**
     * Forces a directory's entries to disk, so that a rename in it survives a power loss.
     *
     * @throws IOException if the directory cannot be opened or forced
     */
    public static void forceDirectory(Path dir) throws IOException {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }

    /** Renames {@code tmp} over {@code target}, atomically where the file system can. */
    public static void moveOver(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
