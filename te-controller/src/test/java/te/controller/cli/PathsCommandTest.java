package te.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.cli.TeCliTest.Run;

class PathsCommandTest {
    /** On Kdl the computation takes 14 s (minutes with Yen): a mistyped node is named before it. */
    @Test
    void showsNodesAreResolvedBeforeAnyPathIsComputed(@TempDir Path dir) throws Exception {
        Run unknown = TeCliTest.run("paths", "-t", "Abilene", "--cache-dir", dir.toString(), "--show", "Nowhere", "Atlanta");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err()).contains("unknown node 'Nowhere' in Abilene").doesNotContain("paths [");
        assertThat(unknown.out()).isEmpty();
        Run same = TeCliTest.run("paths", "-t", "Abilene", "--no-cache", "--show", "Seattle", "Seattle");
        assertThat(same.exit()).isEqualTo(1);
        assertThat(same.err()).contains("--show Seattle Seattle: no such pair (source and destination must differ)")
                .doesNotContain("paths [");
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
        Run shown = TeCliTest.run("paths", "-t", "Abilene", "--no-cache", "--show", "Seattle", "Atlanta");
        assertThat(shown.exit()).isZero();
        assertThat(shown.out()).contains("  path 0 (").contains("Seattle -> ");
    }

    /** A node the file has but normalisation dropped is named as dropped, not as unknown (as a typo would be). */
    @Test
    void showsNodeOutsideTheLargestStrongComponentIsNamedAsDropped(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("island.graphml"), """
                <?xml version="1.0" encoding="utf-8"?>
                <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
                  <key attr.name="label" attr.type="string" for="node" id="d0"/>
                  <graph edgedefault="undirected">
                    <node id="a"/><node id="b"/><node id="c"/><node id="x"><data key="d0">Island</data></node><node id="y"/>
                    <edge source="a" target="b"/><edge source="b" target="c"/><edge source="x" target="y"/>
                  </graph>
                </graphml>
                """);
        Run dropped = TeCliTest.run("paths", "-t", file.toString(), "--no-cache", "--show", "island", "a");
        assertThat(dropped.exit()).isEqualTo(1);
        assertThat(dropped.err()).contains("node 'island' of island was dropped on loading: it lies outside the largest strongly "
                + "connected component, which kept 3 of the file's 5 nodes (expected one of their ids or labels)")
                .doesNotContain("unknown node").doesNotContain("paths [");
        assertThat(dropped.out()).isEmpty();
        Run typo = TeCliTest.run("paths", "-t", file.toString(), "--no-cache", "--show", "a", "z");
        assertThat(typo.err()).contains("unknown node 'z' in island (expected one of its 3 node ids or labels)");
    }

    /** The time line tells what happened to the cache, not what was hoped for. */
    @Test
    void aFailedStoreIsReportedAsNotCached(@TempDir Path dir) throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        Run intoAFile = TeCliTest.run("paths", "-t", "Abilene", "--cache-dir", notADirectory.toString());
        assertThat(intoAFile.exit()).isZero();
        assertThat(intoAFile.out()).contains("(computed, not cached: cannot write path cache " + notADirectory + "/Abilene-")
                .contains(".paths: " + notADirectory + " is not a directory but a regular file)")
                .doesNotContain("cached in").doesNotContain("FileAlreadyExistsException");
        assertThat(notADirectory).hasContent("x");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere"));
        Run intoADanglingLink = TeCliTest.run("paths", "-t", "Abilene", "--cache-dir", dangling.toString());
        assertThat(intoADanglingLink.exit()).isZero();
        assertThat(intoADanglingLink.out()).contains("paths total").contains(".paths: " + dangling
                + " is not a directory but a symbolic link to " + dir.resolve("nowhere") + ", which does not exist)")
                .doesNotContain("FileAlreadyExistsException");

        Path cacheDir = dir.resolve("cache");
        Run first = TeCliTest.run("paths", "-t", "Abilene", "--cache-dir", cacheDir.toString());
        assertThat(first.out()).contains("(computed, cached in " + cacheDir + "/Abilene-");
        Path file;
        try (var files = Files.list(cacheDir)) {
            file = files.findFirst().orElseThrow();
        }
        Run second = TeCliTest.run("paths", "-t", "Abilene", "--cache-dir", cacheDir.toString());
        assertThat(second.out()).contains("(loaded from " + file + ")");

        Path precious = Files.writeString(dir.resolve("precious.txt"), "keep me");
        Files.delete(file);
        Files.createSymbolicLink(file, precious);
        Run link = TeCliTest.run("paths", "-t", "Abilene", "--cache-dir", cacheDir.toString());
        assertThat(link.exit()).isZero();
        assertThat(link.out()).contains("(computed, not cached: " + file + " is a symbolic link to " + precious
                + ", not a path cache file: neither read nor replaced)");
        assertThat(precious).hasContent("keep me");
    }
}
