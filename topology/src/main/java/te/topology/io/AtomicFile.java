package te.topology.io;

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
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes an output file whole or not at all: into a temporary file beside it, then renamed over
 * it. A failure part-way (a full disk, a size limit) leaves the previous file as it was, instead
 * of a truncated one that reads as valid up to the cut. A symbolic link is written through (its
 * target replaced, the link kept); what is not a regular file ({@code /dev/stdout}, a pipe) is
 * written in place, as it cannot be replaced.
 */
public final class AtomicFile {
    /** What a new output file gets: what the JVM's own writes give under the usual umask 022. */
    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-r--r--");

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
        Path real = Files.exists(target) ? target.toRealPath() : target.toAbsolutePath();
        Set<PosixFilePermission> mode = Files.exists(real) ? Files.getPosixFilePermissions(real) : NEW_FILE;
        Path tmp = Files.createTempFile(real.getParent(), "." + real.getFileName() + ".", ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                OutputStream out = Channels.newOutputStream(ch);
                java.io.BufferedOutputStream buffered = new java.io.BufferedOutputStream(out, 1 << 16);
                body.write(new java.io.FilterOutputStream(buffered) {
                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        buffered.write(b, off, len);
                    }

                    @Override
                    public void close() throws IOException {
                        flush(); // the file is closed here, after the fsync
                    }
                });
                buffered.flush();
                ch.force(true);
            }
            Files.setPosixFilePermissions(tmp, mode);
            moveOver(tmp, real);
            forceDirectory(real.getParent()); // else a power loss may bring back the old file
        } finally {
            Files.deleteIfExists(tmp);
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
