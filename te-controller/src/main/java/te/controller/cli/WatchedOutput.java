package te.controller.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * Standard output that keeps its first write failure, which the {@link java.io.PrintWriter} on top
 * of it swallows, so that a closed pipe can be told from a full disk.
 */
final class WatchedOutput extends FilterOutputStream {
    private IOException failure;

    WatchedOutput(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private IOException failed(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }

    /** @return the first write failure's reason, or null if every write went through */
    String failure() {
        return failure == null ? null : failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName();
    }

    /**
     * @return whether writes failed because the reader went away ({@code te topology | head}): EPIPE,
     *         "Broken pipe" on Linux and macOS, "The pipe is being closed" or "has been ended" on Windows
     */
    boolean closedPipe() {
        return failure != null && failure.getMessage() != null && failure.getMessage().toLowerCase(Locale.ROOT).contains("pipe");
    }
}
