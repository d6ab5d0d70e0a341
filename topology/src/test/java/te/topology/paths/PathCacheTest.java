package te.topology.paths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.topology.Topology;

class PathCacheTest {
    private final Topology topology = te.topology.TestTopologies.undirected(5, "0-1", "1-2", "2-3", "3-0", "0-2", "3-4");
    private final PathSpec spec = PathSpec.defaults();

    @Test
    void roundTripIsExact(@TempDir Path dir) throws Exception {
        PathCache cache = new PathCache(dir);
        PathSet computed = cache.allPairs(topology, spec, 1, PathPrecomputation.Progress.NONE);
        PathSet loaded = cache.load(cache.fileFor(topology, spec, true), topology, spec);
        assertThat(loaded.pairCount()).isEqualTo(computed.pairCount());
        assertThat(loaded.pathCount()).isEqualTo(computed.pathCount());
        for (int p = 0; p < computed.pathCount(); p++) {
            assertThat(loaded.pathArcs(p)).containsExactly(computed.pathArcs(p));
        }
        assertThat(loaded.topologyHash()).isEqualTo(topology.contentHash());
        try (var files = Files.list(dir)) {
            assertThat(files).allSatisfy(f -> assertThat(f.toString()).endsWith(".paths"));
        }
    }

    @Test
    void aCacheThatCannotBeWrittenOnlyCostsTheCaching(@TempDir Path dir) throws Exception {
        Path notADirectory = java.nio.file.Files.writeString(dir.resolve("file"), "x");
        PathSet paths = new PathCache(notADirectory.resolve("paths")).allPairs(topology, PathSpec.defaults(), 1,
                PathPrecomputation.Progress.NONE);
        assertThat(paths.pathCount()).isEqualTo(PathPrecomputation.allPairs(topology, PathSpec.defaults(), 1,
                PathPrecomputation.Progress.NONE).pathCount());
    }

    /** A crash mid-write leaves a temporary file; the next use removes it once it is old enough not to be another process's. */
    @Test
    void temporaryFilesOfCrashedWritesAreRemoved(@TempDir Path dir) throws Exception {
        PathCache cache = new PathCache(dir);
        Path file = cache.fileFor(topology, spec, true);
        cache.allPairs(topology, spec, 1, PathPrecomputation.Progress.NONE);
        Path crashed = Files.writeString(dir.resolve(file.getFileName() + "8412.tmp"), "half");
        Files.setLastModifiedTime(crashed, java.nio.file.attribute.FileTime.fromMillis(
                System.currentTimeMillis() - te.topology.io.AtomicFile.STALE_TEMPORARY.toMillis() - 60_000));
        Path crashedNow = Files.writeString(dir.resolve("." + file.getFileName() + ".5512.tmp"), "half");
        Files.setLastModifiedTime(crashedNow, Files.getLastModifiedTime(crashed));
        Path writing = Files.writeString(dir.resolve("." + file.getFileName() + ".9917.tmp"), "in progress");
        cache.allPairs(topology, spec, 1, PathPrecomputation.Progress.NONE);
        assertThat(crashed).doesNotExist();
        assertThat(crashedNow).doesNotExist();
        assertThat(writing).exists();
        assertThat(file).exists();
    }

    @Test
    void aWriteThatFailsLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        PathCache cache = new PathCache(dir);
        // The cache file's name taken by a directory that is not empty: the rename fails after the whole write.
        Path file = cache.fileFor(topology, spec, true);
        Files.createDirectories(file.resolve("in-the-way"));
        for (int run = 0; run < 2; run++) {
            assertThat(cache.allPairs(topology, spec, 1, PathPrecomputation.Progress.NONE).pathCount()).isPositive();
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    @Test
    void corruptionIsDetectedAndNamed(@TempDir Path dir) throws Exception {
        PathCache cache = new PathCache(dir);
        cache.allPairs(topology, spec, 1, PathPrecomputation.Progress.NONE);
        Path file = cache.fileFor(topology, spec, true);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 0x40;
        Files.write(file, bytes);
        assertThatThrownBy(() -> cache.load(file, topology, spec))
                .isInstanceOf(PathCacheException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("checksum mismatch");
        // allPairs recovers by recomputing and replacing the file.
        cache.allPairs(topology, spec, 1, PathPrecomputation.Progress.NONE);
        assertThat(cache.load(file, topology, spec).pairCount()).isEqualTo(20);
    }

    @Test
    void truncatedAndForeignFilesAreRejected(@TempDir Path dir) throws Exception {
        PathCache cache = new PathCache(dir);
        cache.allPairs(topology, spec, 1, PathPrecomputation.Progress.NONE);
        Path file = cache.fileFor(topology, spec, true);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 13), StandardOpenOption.TRUNCATE_EXISTING);
        assertThatThrownBy(() -> cache.load(file, topology, spec)).isInstanceOf(PathCacheException.class);
        Files.writeString(file, "hello");
        assertThatThrownBy(() -> cache.load(file, topology, spec)).hasMessageContaining("not a path cache file");
        Files.write(file, bytes);
        PathSpec other = new PathSpec(2, PathMethod.YEN, PathMetric.HOPS);
        assertThatThrownBy(() -> cache.load(file, topology, other)).hasMessageContaining("expected 'v" + PathCache.FORMAT_VERSION + "|");
    }
}
