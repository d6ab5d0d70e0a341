package te.topology.paths;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.topology.Topology;
import te.topology.io.AtomicFile;

/**
 * On-disk cache of {@link PathSet}s, one file per (topology content, path spec) in a directory.
 *
 * <p>File layout (little-endian): magic {@code TEPATHS1}, format version, key string, node count,
 * array lengths, the five int arrays, then a CRC32C of everything before it. Files are written to a
 * temporary name, forced to disk and atomically renamed, so a crash leaves either the old file or
 * none; a truncated or altered file fails its length or checksum test and is reported, never used.
 * A valid checksum proves only that the file is whole, not who wrote it: the arrays are checked
 * against the topology and spec too (offsets, node ranges, every path a simple walk from its
 * source to its destination, at most k distinct paths a pair, arc-disjoint ones where the method
 * says so), in time linear in their size. Only a regular file is read or replaced.
 */
public final class PathCache {
    private static final Logger LOG = LoggerFactory.getLogger(PathCache.class);
    private static final long MAGIC = 0x3153485441504554L; // "TEPATHS1" read as little-endian long
    /**
     * Bumped whenever the layout or the path algorithms change what a file would hold. 2: Yen's
     * paths come from our own search, which may choose differently among equally long paths than
     * JGraphT's did; a cache must not serve one choice on one host and the other on a fresh one.
     */
    static final int FORMAT_VERSION = 2;

    /**
     * Largest file {@link #load} reads, in bytes: it reads a file into one buffer, which holds at
     * most 2 GiB. A larger set of paths (a ring of 830 nodes with k = 2: 2.3 GB) is not stored, as it
     * could never be read back and would be rewritten by every run.
     */
    static final long MAX_FILE_BYTES = Integer.MAX_VALUE;

    private final Path directory;
    private final long maxFileBytes;

    /** @param directory where cache files live; created on first write */
    public PathCache(Path directory) {
        this(directory, MAX_FILE_BYTES);
    }

    /** @param maxFileBytes largest file stored or loaded, in bytes: a seam for tests, which cannot write 2 GiB */
    PathCache(Path directory, long maxFileBytes) {
        this.directory = directory;
        this.maxFileBytes = maxFileBytes;
    }

    /** @return the file that holds (or would hold) this topology's paths for this spec */
    public Path fileFor(Topology topology, PathSpec spec, boolean allPairs) {
        String safeName = topology.name().replaceAll("[^A-Za-z0-9._-]", "_");
        return directory.resolve("%s-%s-%s-%s.paths".formatted(safeName, spec.label(),
                allPairs ? "all" : "listed", topology.contentHash().substring(0, 16)));
    }

    /**
     * Loads the all-pairs paths if a valid cache file exists, else computes and stores them. A corrupt
     * file is logged with its reason and replaced.
     *
     * @param threads worker threads for a computation
     */
    public PathSet allPairs(Topology topology, PathSpec spec, int threads, PathPrecomputation.Progress progress) {
        return allPairsWithOutcome(topology, spec, threads, progress).paths();
    }

    /** How {@link #allPairsWithOutcome} came by its paths. */
    public enum Outcome {
        /** Read from the cache file. */
        LOADED,
        /** Computed and written to the cache file. */
        STORED,
        /** Computed; the cache file was left as it was (see {@link Result#problems()}). */
        NOT_STORED
    }

    /**
     * All-pairs paths and what the cache did to give them.
     *
     * @param paths    the paths, valid whatever the outcome
     * @param outcome  whether they were loaded, or computed and stored or not
     * @param file     the cache file read, written, or left alone
     * @param problems what made the file unusable or unwritable, in order (each also logged as a warning)
     */
    public record Result(PathSet paths, Outcome outcome, Path file, List<String> problems) {
        /** @throws NullPointerException if any component is null */
        public Result {
            requireNonNull(paths, "paths");
            requireNonNull(outcome, "outcome");
            requireNonNull(file, "file");
            problems = List.copyOf(problems);
        }
    }

    /**
     * As {@link #allPairs}, telling what became of the cache file. Only a regular file at the cache
     * name is read or replaced: a symbolic link, FIFO, device or directory there is left alone (a
     * link's target could be anyone's file; opening a FIFO blocks), and the paths are computed
     * without caching. A file that fails any check (checksum, key, structure, simple walks over
     * this topology in the spec's shape, every ordered pair present) is recomputed and rewritten. Paths whose file would be
     * over the 2 GiB {@link #load} reads are not stored, and such a file already there is removed.
     *
     * @param threads worker threads for a computation
     */
    public Result allPairsWithOutcome(Topology topology, PathSpec spec, int threads, PathPrecomputation.Progress progress) {
        Path file = fileFor(topology, spec, true);
        List<String> problems = new ArrayList<>();
        Optional<String> other = otherThanRegularFile(file);
        if (other.isPresent()) {
            problems.add("%s is %s, not a path cache file: neither read nor replaced".formatted(file, other.get()));
            LOG.warn("{}; going on without caching", problems.get(0));
            return new Result(PathPrecomputation.allPairs(topology, spec, threads, progress), Outcome.NOT_STORED, file, problems);
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            // A miss's store removes them; on a hit a crashed write's file (123 MB on Kdl) must not wait for the next miss.
            AtomicFile.removeStaleTemporaries(file);
            try {
                return new Result(requireAllPairs(file, load(file, topology, spec)), Outcome.LOADED, file, problems);
            } catch (PathCacheException e) {
                problems.add(e.getMessage());
                LOG.warn("ignoring path cache: {}; recomputing", e.getMessage());
            }
        }
        PathSet paths = PathPrecomputation.allPairs(topology, spec, threads, progress);
        Optional<String> tooLarge = tooLarge(file, paths);
        if (tooLarge.isPresent()) {
            problems.add(tooLarge.get());
            LOG.warn("{}; going on without caching", tooLarge.get());
            removeUnreadable(file);
            return new Result(paths, Outcome.NOT_STORED, file, problems);
        }
        try {
            store(file, paths);
            return new Result(paths, Outcome.STORED, file, problems);
        } catch (UncheckedIOException e) {
            // The cause as text: a Throwable last argument would be taken as the stack to print, leaving {} unfilled.
            String why = "%s: %s".formatted(e.getMessage(), String.valueOf(e.getCause()));
            if (e.getCause() instanceof AtomicFile.NotDurableException) {
                // The new file is in place and reads back; only a power loss could undo it.
                LOG.warn("{}", why);
                return new Result(paths, Outcome.STORED, file, problems);
            }
            if (e.getCause() instanceof NotDirectoryException) {
                why = e.getMessage(); // says it plainly; the exception's text would only repeat the path
            }
            // The cache only saves time: the computed paths are good without it.
            problems.add(why);
            LOG.warn("{}; going on without caching", why);
            return new Result(paths, Outcome.NOT_STORED, file, problems);
        }
    }

    /**
     * @return why {@code directory} cannot hold files when it, or the nearest of its ancestors that
     *         exists, is something other than a directory (a regular file, a dangling symbolic link)
     */
    private static Optional<String> notADirectory(Path directory) {
        for (Path at = directory; at != null; at = at.getParent()) {
            if (Files.exists(at, LinkOption.NOFOLLOW_LINKS)) {
                if (Files.isDirectory(at)) {
                    return Optional.empty();
                }
                String what;
                try {
                    what = AtomicFile.notRegularFile(at).orElse("a regular file");
                } catch (IOException e) {
                    what = "unreadable (" + e + ")";
                }
                boolean dangling = Files.isSymbolicLink(at) && !Files.exists(at);
                return Optional.of("%s is not a directory but %s%s".formatted(at, what, dangling ? ", which does not exist" : ""));
            }
        }
        return Optional.empty();
    }

    /** @return what {@code file} is when not absent and not a regular file (a link is not followed) */
    private static Optional<String> otherThanRegularFile(Path file) {
        try {
            return AtomicFile.notRegularFile(file);
        } catch (IOException e) {
            // Cannot tell (a cache "directory" that is a file, no search permission): reading and
            // storing fail in their turn and say why.
            return Optional.empty();
        }
    }

    /** @return why {@code paths} are not stored in {@code file}: its size would be over what {@link #load} reads */
    private Optional<String> tooLarge(Path file, PathSet paths) {
        long bytes = fileBytes(key(paths.topologyHash(), paths.spec()).getBytes(StandardCharsets.UTF_8).length,
                paths.pairCount(), paths.pathCount(), paths.arcEntryCount());
        if (bytes <= maxFileBytes) {
            return Optional.empty();
        }
        return Optional.of("%s: %d bytes is over the %s a path cache can hold (%d paths of %d arcs in all)"
                .formatted(file, bytes, limitText(), paths.pathCount(), paths.arcEntryCount()));
    }

    /** @return {@link #maxFileBytes} for a message: "2 GiB", or the bytes a test set */
    private String limitText() {
        return maxFileBytes == MAX_FILE_BYTES ? "2 GiB" : maxFileBytes + " bytes";
    }

    /** @return the size in bytes of the file {@link #write} makes: header, the five arrays, checksum */
    private static long fileBytes(int keyBytes, int pairs, int paths, long arcEntries) {
        long header = 8 + 4 + 4 + keyBytes + 4 + 4 * 5;
        return header + 4L * (pairs + pairs + (pairs + 1) + (paths + 1) + arcEntries) + 8;
    }

    /**
     * Removes a regular file at the cache name that failed to load (one too large, written before
     * sizes were checked): storing would have replaced it, and 2 GB that every run refuses only cost
     * disk and a warning.
     */
    private static void removeUnreadable(Path file) {
        try {
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(file);
                LOG.warn("removed {}, a path cache that could not be read", file);
            }
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", file, e.toString());
        }
    }

    /** An all-pairs file must hold every ordered pair: a dropped one would leave its demand unrouted. */
    private static PathSet requireAllPairs(Path file, PathSet paths) {
        long expected = (long) paths.nodeCount() * (paths.nodeCount() - 1);
        // The pairs are distinct, in range and not self-pairs (PathSet checks it): the count says all are there.
        if (paths.pairCount() != expected) {
            throw new PathCacheException("%s: corrupt (%d node pairs, expected all %d ordered pairs of %d nodes)"
                    .formatted(file, paths.pairCount(), expected, paths.nodeCount()));
        }
        return paths;
    }

    private static String key(String topologyHash, PathSpec spec) {
        return "v%d|%s|%s".formatted(FORMAT_VERSION, topologyHash, spec.label());
    }

    /**
     * Writes atomically: temp file in the same directory, fsync, rename.
     *
     * @throws UncheckedIOException     if the directory (or an ancestor) is not a directory, the
     *                                  directory or file cannot be written, or {@code file} is
     *                                  there but not a regular file (a symbolic link, FIFO, device,
     *                                  directory: left as it is)
     * @throws IllegalArgumentException if the file would be over the 2 GiB {@link #load} can read
     */
    public void store(Path file, PathSet paths) {
        Optional<String> tooLarge = tooLarge(file, paths);
        if (tooLarge.isPresent()) {
            throw new IllegalArgumentException(tooLarge.get() + "; not written");
        }
        byte[] key = key(paths.topologyHash(), paths.spec()).getBytes(StandardCharsets.UTF_8);
        int[][] arrays = {paths.srcArray(), paths.dstArray(), paths.pathStartArray(), paths.arcStartArray(), paths.arcArray()};
        Path directory = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            // createDirectories only says FileAlreadyExistsException for a file or dangling link in the way.
            Optional<String> notDirectory = notADirectory(directory);
            if (notDirectory.isPresent()) {
                throw new UncheckedIOException("cannot write path cache %s: %s".formatted(file, notDirectory.get()),
                        new NotDirectoryException(directory.toString()));
            }
            throw new UncheckedIOException("cannot write path cache " + file, e);
        }
        try {
            AtomicFile.writeChannel(file, channel -> write(channel, key, arrays, paths.nodeCount()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write path cache " + file, e);
        }
    }

    private static void write(FileChannel channel, byte[] key, int[][] arrays, int nodeCount) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer header = ByteBuffer.allocate(8 + 4 + 4 + key.length + 4 + 4 * arrays.length).order(ByteOrder.LITTLE_ENDIAN);
        header.putLong(MAGIC).putInt(FORMAT_VERSION).putInt(key.length).put(key).putInt(nodeCount);
        for (int[] array : arrays) {
            header.putInt(array.length);
        }
        writeAll(channel, header.flip(), crc);
        ByteBuffer chunk = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        for (int[] array : arrays) {
            for (int from = 0; from < array.length; from += chunk.capacity() / 4) {
                int count = Math.min(chunk.capacity() / 4, array.length - from);
                chunk.clear();
                chunk.asIntBuffer().put(array, from, count);
                chunk.limit(count * 4);
                writeAll(channel, chunk, crc);
            }
        }
        ByteBuffer trailer = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(crc.getValue()).flip();
        while (trailer.hasRemaining()) {
            channel.write(trailer);
        }
    }

    private static void writeAll(FileChannel channel, ByteBuffer buffer, CRC32C crc) throws IOException {
        crc.update(buffer.duplicate());
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /**
     * @return the paths in {@code file}, checked against {@code topology} and {@code spec} as
     *         {@link PathSet#requirePathsOf} checks: every path a simple walk of its arcs from its
     *         pair's source to its destination, at most k distinct paths a pair, arc-disjoint for
     *         {@link PathMethod#EDGE_DISJOINT}
     * @throws PathCacheException if the file is not a regular file (a symbolic link, FIFO, device,
     *                            directory), unreadable, truncated, corrupt, of another format
     *                            version, or for another topology or spec
     */
    public PathSet load(Path file, Topology topology, PathSpec spec) {
        Optional<String> other;
        try {
            other = AtomicFile.notRegularFile(file);
        } catch (IOException e) {
            throw new PathCacheException("%s: cannot read: %s".formatted(file, e), e);
        }
        if (other.isPresent()) {
            throw new PathCacheException("%s is %s, not a path cache file".formatted(file, other.get()));
        }
        ByteBuffer buffer;
        // No link is followed even if one replaced the file since the check above.
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = channel.size();
            if (size > maxFileBytes) {
                throw new PathCacheException("%s: %d bytes is over the %s a path cache can hold".formatted(file, size, limitText()));
            }
            buffer = ByteBuffer.allocateDirect((int) size).order(ByteOrder.LITTLE_ENDIAN);
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                // read until full
            }
            buffer.flip();
        } catch (IOException e) {
            throw new PathCacheException("%s: cannot read: %s".formatted(file, e.getMessage()), e);
        }
        try {
            return decode(file, buffer, key(topology.contentHash(), spec), spec, topology);
        } catch (PathCacheException e) {
            throw e;
        } catch (RuntimeException e) {
            // A check missed below must still read as a corrupt file, never escape as a crash.
            throw new PathCacheException("%s: corrupt (%s)".formatted(file, e), e);
        }
    }

    private static PathSet decode(Path file, ByteBuffer buffer, String expectedKey, PathSpec spec, Topology topology) {
        if (buffer.remaining() < 8 + 4 + 4 + 8 || buffer.getLong(0) != MAGIC) {
            throw new PathCacheException(file + ": not a path cache file (bad magic or too short)");
        }
        int total = buffer.limit();
        CRC32C crc = new CRC32C();
        crc.update(buffer.duplicate().limit(total - 8));
        if (crc.getValue() != buffer.getLong(total - 8)) {
            throw new PathCacheException(file + ": corrupt (checksum mismatch); delete it or let it be recomputed");
        }
        buffer.position(8);
        int version = buffer.getInt();
        if (version != FORMAT_VERSION) {
            throw new PathCacheException("%s: format version %d, expected %d".formatted(file, version, FORMAT_VERSION));
        }
        int keyLength = buffer.getInt();
        if (keyLength < 0 || keyLength > buffer.remaining()) {
            throw new PathCacheException(file + ": corrupt (bad key length)");
        }
        byte[] keyBytes = new byte[keyLength];
        buffer.get(keyBytes);
        String key = new String(keyBytes, StandardCharsets.UTF_8);
        if (!key.equals(expectedKey)) {
            throw new PathCacheException("%s: holds '%s', expected '%s'".formatted(file, key, expectedKey));
        }
        // The checksum only proves the file is as written, not that it was written by us: every
        // count and array is checked before a path is routed over.
        if (buffer.remaining() < 4 + 4 * 5 + 8) {
            throw new PathCacheException(file + ": corrupt (header cut short)");
        }
        int nodeCount = buffer.getInt();
        if (nodeCount != topology.nodeCount()) {
            throw new PathCacheException("%s: corrupt (paths for %d nodes, %s has %d)"
                    .formatted(file, nodeCount, topology.name(), topology.nodeCount()));
        }
        int[] lengths = new int[5];
        long expectedBytes = buffer.position() + 4L * lengths.length + 8;
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = buffer.getInt();
            if (lengths[i] < 0) {
                throw new PathCacheException("%s: corrupt (array %d has length %d, expected >= 0)".formatted(file, i, lengths[i]));
            }
            expectedBytes += 4L * lengths[i];
        }
        if (expectedBytes != total) {
            throw new PathCacheException("%s: corrupt (%d bytes, header implies %d)".formatted(file, total, expectedBytes));
        }
        int[][] arrays = new int[lengths.length][];
        for (int i = 0; i < lengths.length; i++) {
            arrays[i] = new int[lengths[i]];
            buffer.asIntBuffer().get(arrays[i]);
            buffer.position(buffer.position() + 4 * lengths[i]);
        }
        try {
            PathSet paths = new PathSet(key.split("\\|")[1], spec, nodeCount, arrays[0], arrays[1], arrays[2], arrays[3], arrays[4]);
            paths.requirePathsOf(topology);
            return paths;
        } catch (IllegalArgumentException e) {
            throw new PathCacheException(file + ": corrupt (" + e.getMessage() + ")", e);
        }
    }
}
