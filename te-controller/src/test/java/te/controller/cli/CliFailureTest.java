package te.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.cli.TeCliTest.Run;
import te.zoo.TopologyCatalog;

/** How the CLI fails: before any work where the arguments already show it, and never silently. */
class CliFailureTest {
    /** Permission bits said yes for root, and the allocation was lost after the solve. */
    @Test
    void anOutputWhereNoFileCanBeCreatedIsRefusedBeforeTheSolve() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(Path.of("/proc/version")), "needs Linux's /proc");
        Run r = TeCliTest.run("solve", "-t", "Abilene", "--traffic", "gravity:1,400", "-o", "/proc/version");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("--out '/proc/version': directory /proc cannot be written (no file can be created there").doesNotContain("paths [");
        assertThat(r.out()).doesNotContain("objective value");
    }

    @Test
    void anOutputThatIsOneOfTheInputsIsRefusedAndTheInputKept(@TempDir Path dir) throws Exception {
        Path tm = dir.resolve("tm.csv");
        assertThat(TeCliTest.run("traffic", "-t", "Abilene", "-m", "gravity:1,400", "-o", tm.toString()).exit()).isZero();
        byte[] matrix = Files.readAllBytes(tm);
        Run overTraffic = TeCliTest.run("solve", "-t", "Abilene", "--traffic", tm.toString(), "-o", tm.toString());
        assertThat(overTraffic.exit()).isEqualTo(1);
        assertThat(overTraffic.err()).contains("--out '" + tm + "' is the --traffic file").contains("write elsewhere")
                .doesNotContain("paths [");
        assertThat(Files.readAllBytes(tm)).isEqualTo(matrix);
        // Another spelling of the same file is the same file.
        Path sameFile = dir.resolve(".").resolve("tm.csv");
        Run plotOverTraffic = TeCliTest.run("compare", "-t", "Abilene", "--traffic", tm.toString(), "--pop", "2",
                "--sub-problems", sameFile.toString());
        assertThat(plotOverTraffic.exit()).isEqualTo(1);
        assertThat(plotOverTraffic.err()).contains("--sub-problems '" + sameFile + "' is the --traffic file");
        assertThat(Files.readAllBytes(tm)).isEqualTo(matrix);

        Path zoo = TopologyCatalog.discoverDirectory().orElseThrow().resolve("b4-teavar.json");
        Path topology = Files.copy(zoo, dir.resolve("b4.json"));
        Run overTopology = TeCliTest.run("traffic", "-t", topology.toString(), "-o", topology.toString());
        assertThat(overTopology.exit()).isEqualTo(1);
        assertThat(overTopology.err()).contains("--out '" + topology + "' is the --topology file");
        assertThat(Files.readAllBytes(topology)).isEqualTo(Files.readAllBytes(zoo));
    }

    /** picocli's own double converter took 0x1p10 as 1024 and 1000d as 1000; 1e999 was named "Infinity". */
    @Test
    void aDecimalFlagTakesPlainDecimalsOnlyAndNamesWhatWasTyped() {
        for (String typed : new String[] {"0x1p10", "1000d", "NaN", "Infinity"}) {
            Run r = TeCliTest.run("topology", "-t", "Abilene", "--default-capacity", typed);
            assertThat(r.exit()).as(typed).isEqualTo(2);
            assertThat(r.err()).as(typed).startsWith("error: Invalid value for option '--default-capacity': '" + typed
                    + "' is not a decimal number (digits with an optional point and exponent, as 1000 or 2.5e3)");
            assertThat(r.out()).as(typed).isEmpty();
        }
        Run huge = TeCliTest.run("solve", "-t", "Abilene", "--traffic", "gravity:1,400", "--time-limit", "1e999");
        assertThat(huge.err()).startsWith("error: Invalid value for option '--time-limit': '1e999' is too large a number");
        assertThat(TeCliTest.run("topology", "-t", "Abilene", "--default-capacity", "2.5e3").exit()).isZero();
        // 1e-400 read as 0: "--time-limit must be a finite number of seconds > 0, got 0.0", and --gap took it as 0 (review).
        for (String flag : new String[] {"--time-limit", "--gap"}) {
            Run tiny = TeCliTest.run("solve", "-t", "Abilene", "--traffic", "gravity:1,400", flag, "1e-400");
            assertThat(tiny.exit()).as(flag).isEqualTo(2);
            assertThat(tiny.err()).as(flag).startsWith("error: Invalid value for option '%s': '1e-400' is too small a number %s"
                    .formatted(flag, "(not 0, but below 4.9e-324, the least a double holds: it would read as 0)"));
        }
    }

    /** --pop 0 said "POP needs 1 <= k <= 4096 sub-problems" and --gap 0.5 "optimality gap 0.5", neither which flag (review). */
    @Test
    void aPopCountClientSplitOrGapOutOfRangeNamesItsFlag(@TempDir Path dir) throws Exception {
        Run pop = TeCliTest.run("compare", "-t", "Abilene", "--pop", "2,0");
        assertThat(pop.exit()).isEqualTo(1);
        assertThat(pop.err()).startsWith("error: --pop: POP needs 1 <= k <= 4096 sub-problems, got 0").doesNotContain("paths [");
        assertThat(TeCliTest.run("compare", "-t", "Abilene", "--client-split", "-1").err())
                .startsWith("error: --client-split: client-split threshold must be finite and >= 0, got -1.0");
        for (String command : new String[] {"solve", "compare"}) {
            Run gap = TeCliTest.run(command, "-t", "Abilene", "--gap", "0.5");
            assertThat(gap.exit()).as(command).isEqualTo(1);
            assertThat(gap.err()).as(command).startsWith("error: --gap: optimality gap 0.5: expected a relative gap in [0, 0.01]");
        }
        String state = dir.resolve("state").toString();
        assertThat(TeCliTest.run("serve", "-t", "Abilene", "--state-dir", state, "--pop", "0").err())
                .startsWith("error: --pop: POP needs 1 <= k <= 4096 sub-problems, got 0");
        // Named, the flag is also traced to the config file that set it.
        Path config = Files.writeString(dir.resolve("c.properties"), "topology=Abilene\ngap=0.5\n");
        assertThat(TeCliTest.run("serve", "--config", config.toString(), "--state-dir", state).err())
                .startsWith("error: --gap: optimality gap 0.5: expected a relative gap in [0, 0.01] (set in config file " + config + ")");
    }

    /** A whole number beyond an int read "out of range [-2147483648, 2147483647]", as if that were -k's range. */
    @Test
    void aWholeNumberBeyondItsTypeIsNamedAsTyped() {
        Run k = TeCliTest.run("paths", "-t", "Abilene", "-k", "99999999999");
        assertThat(k.exit()).isEqualTo(2);
        assertThat(k.err()).startsWith("error: Invalid value for option '--paths': '99999999999' is too large a number")
                .doesNotContain("2147483647");
        assertThat(TeCliTest.run("paths", "-t", "Abilene", "-k", "-99999999999").err())
                .startsWith("error: Invalid value for option '--paths': '-99999999999' is too large a negative number");
        // Within an int, the option's own range is what is said.
        assertThat(TeCliTest.run("paths", "-t", "Abilene", "-k", "2147483647").err()).contains("k must be in 1..64, got 2147483647");
    }

    @Test
    void compareSaysWhyAMethodFoundNoAllocationAndExitsNonZero() {
        // A limit too short to start the LP: the full LP ends without an allocation, POP routes its
        // sub-problems by CSPF within their shares, CSPF needs no limit.
        Run r = TeCliTest.run("compare", "-t", "Abilene", "--traffic", "gravity:1,400", "--pop", "2", "--time-limit", "0.000001");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).containsPattern("full LP +TIME_LIMIT +NaN")
                .contains("full LP: TIME_LIMIT: time limit reached")
                .contains("POP-2: TIME_LIMIT: 2 of 2 sub-problems not optimal, routed by a heuristic");
        assertThat(r.err()).contains("error: no allocation from full LP (TIME_LIMIT); the reasons are printed after the table")
                .doesNotContain("POP-2 (");
    }

    @Test
    void compareInCsvModeKeepsTheReasonsOffTheTable() {
        Run r = TeCliTest.run("compare", "-t", "Abilene", "--traffic", "gravity:1,400", "--pop", "2", "--time-limit", "0.000001", "--csv");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out().lines().toList()).hasSize(4).allMatch(line -> line.split(",", -1).length == 11);
        assertThat(r.err()).contains("full LP: TIME_LIMIT: time limit reached");
    }

    @Test
    void aBackendThatCannotServeTheObjectiveIsRefusedBeforeTheTopologyIsRead() {
        for (String command : new String[] {"solve", "compare"}) {
            Run r = TeCliTest.run(command, "-t", "NoSuchTopology", "--solver", "pdlp", "--objective", "max-min-fair");
            assertThat(r.exit()).as(command).isEqualTo(1);
            assertThat(r.err()).as(command).contains("which backend pdlp does not give").contains("use highs or highs-warm")
                    .doesNotContain("unknown topology");
        }
    }
}
