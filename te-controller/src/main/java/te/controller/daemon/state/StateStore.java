package te.controller.daemon.state;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's state directory: one {@link StateFile} per kind ({@code demands}, {@code links},
 * {@code allocation}, {@code served}). Files that cannot be trusted are renamed aside with a logged reason so that
 * start-up goes on without them and an operator can still inspect them.
 */
public final class StateStore implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StateStore.class);
    /** Kinds of state the daemon keeps. */
    public static final String DEMANDS = "demands";
    /** Link up/down states. */
    public static final String LINKS = "links";
    /** Last good allocation. */
    public static final String ALLOCATION = "allocation";
    /** The highest allocation version that may have been served (its version field; no payload). */
    public static final String SERVED = "served";
    /** The OpenFlow role claim set through the API (its generation id as version, the role as payload). */
    public static final String ROLE = "role";
    /**
     * The link-state version of the operator's last word on links (version field; no payload): a
     * standby must not take a primary's empty word for one given when none was.
     */
    public static final String OPERATOR = "operator";
    /** The links' flap-damping penalties (the time they were taken, ms since the epoch, as version). */
    public static final String PENALTIES = "penalties";

    private final Path directory;
    private final FileChannel lockChannel;
    private final FileLock lock;
    /**
     * Kinds whose last write was renamed into place but whose directory could not be forced, each
     * with the {@link #writes} count when that was seen ({@link #notDurableWrites}).
     */
    private final java.util.concurrent.ConcurrentHashMap<String, Long> notDurable = new java.util.concurrent.ConcurrentHashMap<>();
    /** Writes started, in order: tells whether a kind's failure came before or after a write of it. */
    private final java.util.concurrent.atomic.AtomicLong writes = new java.util.concurrent.atomic.AtomicLong();
    private final Writer writer;

    /** How a state file is written: {@link StateFile#write}, or a test's stand-in for a failing disk. */
    interface Writer {
        void write(Path file, String kind, long version, byte[] payload) throws IOException;
    }

    /**
     * @param directory state directory; created if missing
     * @throws UncheckedIOException if it cannot be created or is not writable
     */
    public StateStore(Path directory) {
        this(directory, StateFile::write);
    }

    /** @param writer writes each state file ({@link StateFile#write} outside tests) */
    StateStore(Path directory, Writer writer) {
        this.writer = writer;
        this.directory = directory.toAbsolutePath();
        try {
            Files.createDirectories(this.directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create state directory " + this.directory, e);
        }
        if (!Files.isWritable(this.directory)) {
            throw new IllegalArgumentException("state directory %s is not writable".formatted(this.directory));
        }
        // Two daemons on one directory would overwrite each other's acknowledged state. The OS
        // drops the lock when the process dies, so a crash never leaves it stuck.
        try {
            lockChannel = FileChannel.open(this.directory.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = tryLock(lockChannel);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock state directory " + this.directory, e);
        }
        if (lock == null) {
            closeQuietly();
            throw new IllegalStateException("state directory %s is in use by another te serve; give each daemon its own --state-dir"
                    .formatted(this.directory));
        }
        removeTemporaries();
    }

    /** A crash during a write leaves its temporary file behind; the real file is intact, so it goes. */
    private void removeTemporaries() {
        try (var files = Files.list(directory)) {
            for (Path f : (Iterable<Path>) files.filter(f -> f.getFileName().toString().endsWith(".tmp"))::iterator) {
                Files.deleteIfExists(f);
                LOG.info("removed {} left by an interrupted write", f.getFileName());
            }
        } catch (IOException e) {
            LOG.warn("cannot clean temporary files in {}: {}", directory, e.toString());
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (java.nio.channels.OverlappingFileLockException e) {
            // Held by this same JVM (tests, or a second daemon in one process).
            return null;
        }
    }

    /** Releases the directory lock. */
    @Override
    public void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            lockChannel.close();
        } catch (IOException e) {
            LOG.debug("closing state lock: {}", e.toString());
        }
    }

    /** @return the state directory */
    public Path directory() {
        return directory;
    }

    /** @return the file of one kind */
    public Path fileOf(String kind) {
        return directory.resolve(kind + ".state");
    }

    /**
     * Persists durably; returns only once the new content would survive a crash.
     *
     * A write renamed into place whose directory could not be forced is in force (a restart reads
     * it): it returns normally, logged and counted ({@link #notDurableWrites}) until a later write
     * of the same kind is durable.
     *
     * @throws NotPersisted if writing fails (the previous content is then kept)
     */
    public void save(String kind, long version, byte[] payload) {
        long started = writes.incrementAndGet();
        try {
            writer.write(fileOf(kind), kind, version, payload);
            // This kind's file in force is durable now. Only this kind: after a failed fsync Linux may
            // drop the earlier renames' metadata and still let a later fsync succeed.
            notDurable.computeIfPresent(kind, (k, seen) -> seen < started ? null : seen);
        } catch (te.topology.io.AtomicFile.NotDurableException e) {
            // The file holds the new content and a restart reads it, so it is in force: the caller
            // goes on as after any write (a re-solve follows), and the disk is reported to the operator.
            notDurable.put(kind, writes.incrementAndGet());
            LOG.error("{} version {} is written to {}, but the file system did not confirm it durable ({}): it may not survive a "
                    + "power loss; check the disk", kind, version, fileOf(kind), reason(e.getCause()));
        } catch (IOException e) {
            throw new NotPersisted("cannot persist %s version %d to %s (%s)".formatted(kind, version, fileOf(kind), reason(e)), e);
        }
    }

    private static String reason(Throwable e) {
        return e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                : e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /** A state file could not be written: it keeps its previous content, and nothing that waited on it was applied. */
    public static final class NotPersisted extends UncheckedIOException {
        NotPersisted(String message, IOException cause) {
            super(message, cause);
        }
    }

    /**
     * @return state files whose content in force was renamed into place without the file system
     *         confirming the directory durable, and not written durably since (each logged at ERROR;
     *         {@code te_state_writes_not_durable}): 0 again once each is rewritten on a sound disk
     */
    public long notDurableWrites() {
        return notDurable.size();
    }

    /**
     * @return the verified content of one kind; a corrupt file is set aside and reported as empty
     * @throws UncheckedIOException naming the file when it cannot be read (an I/O error, a
     *                              permission): that says nothing about its content, so it is
     *                              left where it is rather than taken for lost
     */
    public Optional<StoredState> load(String kind) {
        try {
            return read(kind);
        } catch (CorruptStateException e) {
            setAside(kind, e.getMessage());
        }
        return Optional.empty();
    }

    /**
     * @return the verified content of one kind, empty if there is none; nothing is set aside
     * @throws CorruptStateException  if its content fails the check
     * @throws UncheckedIOException as {@link #load}
     */
    public Optional<StoredState> read(String kind) throws CorruptStateException {
        Path file = fileOf(kind);
        try {
            return StateFile.read(file, kind);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read state file %s; it is left as it is: fix the cause and start again".formatted(file), e);
        }
    }

    /** @return whether the directory holds a state file of any kind but {@code kind} */
    public boolean holdsStateBut(String kind) {
        String own = fileOf(kind).getFileName().toString();
        try (var files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString()).anyMatch(n -> n.endsWith(".state") && !n.equals(own));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list state directory " + directory, e);
        }
    }

    /**
     * Saves version {@code version} of {@code kind} in place of a stored one that no longer fits
     * wholly (an edited topology without some of the links or nodes it names), after copying the
     * stored file to {@code <kind>.state.superseded-<epoch ms>}: nothing is lost, and a crash
     * between the two leaves the old file where it was.
     *
     * @param reason what did not fit, for the log
     * @throws UncheckedIOException if the copy or the save fails
     */
    public void supersede(String kind, long version, byte[] payload, String reason) {
        Path file = fileOf(kind);
        Path copy = file.resolveSibling(file.getFileName() + ".superseded-" + Instant.now().toEpochMilli());
        try {
            StateFile.copy(file, copy);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy %s to %s before replacing it".formatted(file, copy), e);
        }
        save(kind, version, payload);
        LOG.warn("state file {} replaced by version {}, the old one kept as {}: {}", file.getFileName(), version, copy.getFileName(),
                reason);
    }

    /**
     * Renames a damaged state file (its checksum, header or form failed) to
     * {@code <kind>.state.corrupt-<epoch ms>} and logs why.
     */
    public void setAside(String kind, String reason) {
        setAside(kind, "corrupt", reason);
    }

    /**
     * Renames a well-formed state file whose content does not fit what the daemon runs on (another
     * topology's shape, or an allocation infeasible for the current links) to
     * {@code <kind>.state.unfit-<epoch ms>} and logs why: named apart from damaged files, so an
     * operator looking for disk trouble is not sent after an edited topology.
     */
    public void setAsideUnfit(String kind, String reason) {
        setAside(kind, "unfit", reason);
    }

    private void setAside(String kind, String label, String reason) {
        Path file = fileOf(kind);
        String stem = file.getFileName() + "." + label + "-" + Instant.now().toEpochMilli();
        // Two set aside within one millisecond get names of their own: the second rename must not fail on the first's.
        IOException failure;
        for (int n = 0; ; n++) {
            Path aside = file.resolveSibling(n == 0 ? stem : stem + "-" + n);
            try {
                Files.move(file, aside);
                LOG.warn("state file {} set aside as {}: {}", file.getFileName(), aside.getFileName(), reason);
                return;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (n < 1000) {
                    continue;
                }
                failure = e;
            } catch (IOException e) {
                failure = e;
            }
            break;
        }
        LOG.warn("state file {} is unusable ({}) and could not be moved aside: {}", file.getFileName(), reason, failure.toString());
    }
}
