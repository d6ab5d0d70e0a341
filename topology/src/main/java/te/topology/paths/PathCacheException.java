package te.topology.paths;

/** A path-cache file is unreadable, of another version, for other inputs, or corrupt. */
public class PathCacheException extends RuntimeException {
    /** @param message names the file and what was wrong */
    public PathCacheException(String message) {
        super(message);
    }

    /** @param message names the file and what was wrong, @param cause the I/O failure */
    public PathCacheException(String message, Throwable cause) {
        super(message, cause);
    }
}
