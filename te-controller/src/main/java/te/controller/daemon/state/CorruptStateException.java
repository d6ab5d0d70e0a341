package te.controller.daemon.state;

import java.nio.file.Path;

/** A state file exists but cannot be trusted (bad header, wrong length, checksum mismatch, bad content). */
public final class CorruptStateException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Path file;

    /** @param file the file, @param reason what is wrong with it, naming the value found */
    public CorruptStateException(Path file, String reason) {
        super(file.getFileName() + ": " + reason);
        this.file = file;
    }

    /** @return the offending file */
    public Path file() {
        return file;
    }
}
