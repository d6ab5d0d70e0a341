package te.topology.paths;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.topology.Topology;

/**
 * On-disk cache of {@link PathSet}s, one file per (topology content, path spec) in a directory.
 *
 * <p>File layout (little-endian): magic {@code TEPATHS1}, format version, key string, node count,
 * array lengths, the five int arrays, then a CRC32C of everything before it. Files are written to a
 * temporary name, forced to disk and atomically renamed, so a crash leaves either the old file or
 * none; a truncated or altered file fails its length or checksum test and is reported, never used.
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

    private final Path directory;

    /** @param directory where cache files live; created on first write */
    public PathCache(Path directory) {
        this.directory = directory;
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
        Path file = fileFor(topology, spec, true);
        if (Files.exists(file)) {
            // A miss's store removes them; on a hit a crashed write's file (123 MB on Kdl) must not wait for the next miss.
            te.topology.io.AtomicFile.removeStaleTemporaries(file);
            try {
                return load(file, topology, spec);
            } catch (PathCacheException e) {
                LOG.warn("ignoring path cache: {}; recomputing", e.getMessage());
            }
        }
        PathSet paths = PathPrecomputation.allPairs(topology, spec, threads, progress);
        try {
            store(file, paths);
        } catch (UncheckedIOException e) {
            // The cache only saves time: the computed paths are good without it.
            // The cause as text: a Throwable last argument would be taken as the stack to print, leaving {} unfilled.
            LOG.warn("{}: {}; going on without caching", e.getMessage(), String.valueOf(e.getCause()));
        }
        return paths;
    }

    private static String key(String topologyHash, PathSpec spec) {
        return "v%d|%s|%s".formatted(FORMAT_VERSION, topologyHash, spec.label());
    }

    /**
     * Writes atomically: temp file in the same directory, fsync, rename.
     *
     * @throws UncheckedIOException if the directory or file cannot be written
     */
    public void store(Path file, PathSet paths) {
        byte[] key = key(paths.topologyHash(), paths.spec()).getBytes(StandardCharsets.UTF_8);
        int[][] arrays = {paths.srcArray(), paths.dstArray(), paths.pathStartArray(), paths.arcStartArray(), paths.arcArray()};
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            te.topology.io.AtomicFile.writeChannel(file, channel -> write(channel, key, arrays, paths.nodeCount()));
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
     * @return the paths in {@code file}
     * @throws PathCacheException if the file is unreadable, truncated, corrupt, of another format
     *                            version, or for another topology or spec
     */
    public PathSet load(Path file, Topology topology, PathSpec spec) {
        ByteBuffer buffer;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > Integer.MAX_VALUE) {
                throw new PathCacheException("%s: %d bytes is larger than a path cache can be".formatted(file, size));
            }
            buffer = ByteBuffer.allocateDirect((int) size).order(ByteOrder.LITTLE_ENDIAN);
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                // read until full
            }
            buffer.flip();
        } catch (IOException e) {
            throw new PathCacheException("%s: cannot read: %s".formatted(file, e.getMessage()), e);
        }
        return decode(file, buffer, key(topology.contentHash(), spec), spec);
    }

    private static PathSet decode(Path file, ByteBuffer buffer, String expectedKey, PathSpec spec) {
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
        int nodeCount = buffer.getInt();
        int[] lengths = new int[5];
        long expectedBytes = buffer.position() + 4L * lengths.length + 8;
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = buffer.getInt();
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
            return new PathSet(key.split("\\|")[1], spec, nodeCount, arrays[0], arrays[1], arrays[2], arrays[3], arrays[4]);
        } catch (IllegalArgumentException e) {
            throw new PathCacheException(file + ": corrupt (" + e.getMessage() + ")", e);
        }
    }
}
