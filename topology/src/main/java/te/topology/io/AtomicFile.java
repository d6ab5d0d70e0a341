package te.topology.io;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes an output file whole or not at all: into a temporary file beside it, then renamed over
 * it. A failure part-way (a full disk, a size limit) leaves the previous file as it was, instead
 * of a truncated one that reads as valid up to the cut.
 */
public final class AtomicFile {
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
        via(target, tmp -> {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                // A body may close what it is given (Jackson closes its target): that only flushes
                // here, so the error check below still sees the writer open.
                PrintWriter out = new PrintWriter(w) {
                    @Override
                    public void close() {
                        flush();
                    }
                };
                body.write(out);
                out.flush();
                if (out.checkError()) {
                    throw new IOException("writing " + tmp + " failed (a full disk?)");
                }
            }
        });
    }

    /** Writes {@code bytes} as {@link #write(Path, Body)} writes text. */
    public static void write(Path target, byte[] bytes) throws IOException {
        via(target, tmp -> Files.write(tmp, bytes));
    }

    private interface TemporaryWrite {
        void write(Path tmp) throws IOException;
    }

    private static void via(Path target, TemporaryWrite body) throws IOException {
        Path tmp = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName() + ".", ".tmp");
        try {
            body.write(tmp);
            moveOver(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
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
