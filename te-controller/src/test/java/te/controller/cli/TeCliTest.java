package te.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import te.controller.AllocationJsonReader;
import te.controller.compare.ComparisonTable;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.topology.Topology;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixIo;
import te.zoo.TopologyCatalog;

class TeCliTest {
    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        CommandLine cli = TeCli.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    /** te topology --links | head ended with "writing the output failed" (review): a reader that left is no error. */
    @Test
    void aClosedPipeEndsQuietlyAndAFullDiskDoesNot() {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream errors = new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8);
        String[] links = {"topology", "-t", "Abilene", "--links"};
        assertThat(TeCli.execute(links, failingAfter(100, "Broken pipe"), errors)).isZero();
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8)).isEmpty();
        assertThat(TeCli.execute(links, failingAfter(100, "No space left on device"), errors)).isEqualTo(1);
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("error: writing the output failed: No space left on device" + System.lineSeparator());
    }

    /** @return standard output whose reader takes {@code bytes} bytes, then fails every write with {@code reason} */
    private static java.io.OutputStream failingAfter(int bytes, String reason) {
        return new java.io.OutputStream() {
            private int taken;

            @Override
            public void write(int b) throws java.io.IOException {
                if (++taken > bytes) {
                    throw new java.io.IOException(reason);
                }
            }
        };
    }

    @Test
    void topologyShowsCounts() {
        Run r = run("topology", "-t", "Cogentco");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("nodes         197").contains("arcs          486");
    }

    @Test
    void pathsAreComputedThenServedFromTheCache(@TempDir Path dir) {
        Run first = run("paths", "-t", "Abilene", "--cache-dir", dir.toString(), "--show", "Seattle", "Atlanta");
        assertThat(first.exit()).isZero();
        assertThat(first.out()).contains("pairs         110 (0 without any path)").contains("path 0").contains("(computed, cached in " + dir);
        assertThat(dir.toFile().list()).hasSize(1);
        Run second = run("paths", "-t", "Abilene", "--cache-dir", dir.toString());
        assertThat(second.out()).contains("pairs         110").contains("(loaded from " + dir);
        assertThat(run("paths", "-t", "Abilene", "--no-cache").out()).contains("(computed, not cached)");
    }

    @Test
    void compareReportsEachPopSubProblem(@TempDir Path dir) throws Exception {
        Path subs = dir.resolve("subs.csv");
        Run r = run("compare", "-t", "Abilene", "--traffic", "gravity:1,400", "--pop", "2,4", "--sub-problems", subs.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        // The scale as typed, not Double's 400.0.
        assertThat(r.out()).startsWith("Abilene, gravity:1,400, total-flow, 110 commodities");
        assertThat(r.out()).contains("POP-2 sub-problems, build + solve s: least").contains("POP-4 sub-problems, build + solve s: least")
                .contains("sub-problems: " + subs);
        assertThat(java.nio.file.Files.readAllLines(subs)).hasSize(1 + 2 + 4).element(3).asString().startsWith("POP-4,1,");
    }

    @Test
    void trafficIsWrittenAndReadable(@TempDir Path dir) {
        Path file = dir.resolve("tm.csv");
        Run r = run("traffic", "-t", "Abilene", "-m", "gravity:3,2", "-o", file.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("commodities   110");
        TrafficMatrix tm = TrafficMatrixIo.read(TopologyCatalog.discover().load("Abilene"), file);
        assertThat(tm.size()).isEqualTo(110);
    }

    /**
     * The gap reaches the optimizer: on Cogentco poisson-high-intra a 1 % gap leaves the lightest
     * commodities out of the LP (fewer constraints) at ≥ 99 % of the exact flow; out of range is refused.
     */
    @Test
    void solveTakesTheOptimalityGap(@TempDir Path dir) throws Exception {
        String[] common = {"solve", "-t", "Cogentco", "--traffic", "poisson-high-intra:1,16", "--cache-dir", dir.toString()};
        Path file = dir.resolve("alloc.json");
        Run exact = run(concat(common, "--gap", "0"));
        Run loose = run(concat(common, "--gap", "0.01", "-o", file.toString()));
        assertThat(exact.exit()).as(exact.err()).isZero();
        assertThat(loose.exit()).as(loose.err()).isZero();
        Topology cogentco = TopologyCatalog.discover().load("Cogentco");
        Allocation written = AllocationJsonReader.read(cogentco, PathSpec.defaults(), cogentco.capacitiesMbps(), Files.readAllBytes(file))
                .allocation();
        assertThat(new AllocationChecker().violations(written, 1.0)).isEmpty();
        assertThat(number(loose.out(), "LP", 3)).isLessThan(number(exact.out(), "LP", 3));
        assertThat(number(loose.out(), "objective value", 2)).isLessThanOrEqualTo(number(exact.out(), "objective value", 2) * (1 + 1e-9))
                .isGreaterThanOrEqualTo(number(exact.out(), "objective value", 2) * 0.99);
        Run bad = run(concat(common, "--gap", "0.5"));
        assertThat(bad.exit()).isEqualTo(1);
        assertThat(bad.err()).contains("optimality gap 0.5: expected a relative gap in [0, 0.01]");
        assertThat(run("solve", "-t", "Abilene", "--gap", "abc").exit()).as("not a number: picocli's usage error").isEqualTo(2);

        // The flag's default is the optimizer's.
        CommandLine cli = TeCli.commandLine();
        cli.parseArgs("solve", "-t", "Abilene");
        SolveCommand solve = cli.getSubcommands().get("solve").getCommand();
        assertThat(solve.solverChoice.gap()).isEqualTo(te.lp.TeOptimizer.DEFAULT_GAP);
    }

    /** Cogentco gravity: the same optimum, over shorter paths unless told not to move flow onto them. */
    @Test
    void solveMovesFlowOntoShorterPathsUnlessToldNot(@TempDir Path dir) throws Exception {
        String[] common = {"solve", "-t", "Cogentco", "--traffic", "gravity:1,16", "--cache-dir", dir.toString()};
        Path file = dir.resolve("alloc.json");
        Run shorter = run(concat(common, "-o", file.toString()));
        Run vertex = run(concat(common, "--no-shorter-paths"));
        assertThat(shorter.exit()).as(shorter.err()).isZero();
        assertThat(vertex.exit()).as(vertex.err()).isZero();
        assertThat(number(shorter.out(), "objective value", 2)).isCloseTo(number(vertex.out(), "objective value", 2),
                org.assertj.core.api.Assertions.within(1e-6));
        assertThat(number(shorter.out(), "mean path hops", 3)).isLessThan(number(vertex.out(), "mean path hops", 3) - 0.1);
        assertThat(vertex.out()).contains("(--no-shorter-paths)");
        Topology cogentco = TopologyCatalog.discover().load("Cogentco");
        Allocation written = AllocationJsonReader.read(cogentco, PathSpec.defaults(), cogentco.capacitiesMbps(), Files.readAllBytes(file))
                .allocation();
        assertThat(new AllocationChecker().violations(written, 1.0)).isEmpty();
        assertThat(written.meanPathHops()).isCloseTo(number(shorter.out(), "mean path hops", 3), org.assertj.core.api.Assertions.within(1e-3));
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** @return the {@code index}-th whitespace-separated token (from 0) of the output line starting with {@code label}, as a number */
    private static double number(String out, String label, int index) {
        String line = out.lines().filter(l -> l.startsWith(label + " ")).findFirst().orElseThrow();
        return Double.parseDouble(line.trim().split("\\s+")[index].replace(",", ""));
    }

    @Test
    void solveWritesACheckedAllocation(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("alloc.json");
        Run r = run("solve", "-t", "Abilene", "--traffic", "gravity:1,400", "--objective", "fair", "--cache-dir", dir.toString(),
                "-o", file.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("status            OPTIMAL").contains("commodities       110 routed");
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
        assertThat(json.get("objective").asText()).isEqualTo("fair");
        assertThat(json.get("solverStatus").asText()).isEqualTo("OPTIMAL");
        assertThat(json.get("commodities")).hasSize(110);
        var first = json.get("commodities").get(0);
        double weights = 0;
        for (var path : first.get("paths")) {
            weights += path.get("weight").asDouble();
            assertThat(path.get("nodes").get(0).asText()).isEqualTo(first.get("src").asText());
        }
        assertThat(weights).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-9));
    }

    /**
     * A lightly loaded network's utilisation keeps its significant digits: printed with six
     * decimals, min-MLU on Abilene at 10⁻⁶ of its gravity matrix read "0.000000", and its flow
     * and demand (three decimals) "0.001".
     */
    @Test
    void smallObjectiveValuesAndUtilisationsKeepTheirSignificantDigits(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("alloc.json");
        Run r = run("solve", "-t", "Abilene", "--traffic", "gravity:1,0.000001", "--objective", "min-mlu", "--cache-dir", dir.toString(),
                "-o", file.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        double written = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile()).get("objectiveValue").asDouble();
        assertThat(written).isBetween(1e-9, 1e-7);
        assertThat(number(r.out(), "objective value", 2)).isCloseTo(written, org.assertj.core.api.Assertions.withinPercentage(1e-3));
        assertThat(number(r.out(), "max utilisation", 2)).isCloseTo(written, org.assertj.core.api.Assertions.withinPercentage(1e-3));
        // So do its Mbps: the flow line read "0.000 of 0.000 Mbps demand".
        double demand = te.topology.traffic.TrafficSpec.parse("gravity:1,0.000001").generate(TopologyCatalog.discover().load("Abilene")).totalDemandMbps();
        assertThat(number(r.out(), "flow", 3)).isCloseTo(demand, org.assertj.core.api.Assertions.withinPercentage(1));
        assertThat(number(r.out(), "flow", 1)).isCloseTo(demand, org.assertj.core.api.Assertions.withinPercentage(1));
        assertThat(ComparisonTable.value(668.8512, 3)).as("Mbps from 0.1 up as before").isEqualTo("668.851");
        assertThat(ComparisonTable.value(155247.3376584, 6)).as("large values as before").isEqualTo("155247.337658");
        assertThat(ComparisonTable.value(0, 6)).isEqualTo("0.000000");
        assertThat(ComparisonTable.value(0.0932532, 4)).isEqualTo("0.09325");
    }

    /**
     * A limit that ends the solve before any round finished writes CSPF's allocation under
     * TIME_LIMIT, saying so; before, the command failed with no allocation (a review: Cogentco
     * gravity ×48 under --time-limit 1–3, interior point has no round to offer).
     */
    @Test
    void aTimeLimitBeforeAnyRoundWritesCspfsAllocationSayingSo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("alloc.json");
        Run r = run("solve", "-t", "Abilene", "--traffic", "gravity:1,400", "--time-limit", "0.000001", "--cache-dir", dir.toString(),
                "-o", file.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("status            TIME_LIMIT").contains("fallback          CSPF");
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
        assertThat(json.get("solverStatus").asText()).isEqualTo("TIME_LIMIT");
        assertThat(json.get("message").asText()).contains("CSPF's allocation (heuristic)");
        assertThat(json.get("totalFlowMbps").asDouble()).isPositive();
        for (var c : json.get("commodities")) {
            assertThat(c.get("flowMbps").asDouble()).isLessThanOrEqualTo(c.get("demandMbps").asDouble() * (1 + 1e-9));
        }
        Topology abilene = TopologyCatalog.discover().load("Abilene");
        Allocation written = AllocationJsonReader.read(abilene, PathSpec.defaults(), abilene.capacitiesMbps(), Files.readAllBytes(file))
                .allocation();
        assertThat(new AllocationChecker().violations(written, 1.0)).isEmpty();
    }

    @Test
    void moreSubProblemsThanCommoditiesAreWarnedOf(@TempDir Path dir) {
        Run r = run("compare", "-t", "Abilene", "--traffic", "gravity:1,400", "--pop", "2,200", "--cache-dir", dir.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("warning: POP-200 has more sub-problems than the 110 commodities to spread over them: 90 get none")
                .doesNotContain("POP-2 has");
    }

    @Test
    void badSolveFlagsAreNamed() {
        // Names that are not among the choices are parse errors (2), as for enum options.
        Run objective = run("solve", "-t", "Abilene", "--objective", "max-profit");
        assertThat(objective.exit()).isEqualTo(2);
        assertThat(objective.err()).startsWith("error: Invalid value for option '--objective': unknown objective 'max-profit'");
        Run solver = run("solve", "-t", "Abilene", "--solver", "cplex");
        assertThat(solver.exit()).isEqualTo(1);
        assertThat(solver.err()).contains("unknown solver 'cplex'");
        Run partitioner = run("compare", "-t", "Abilene", "--partitioner", "clever");
        assertThat(partitioner.exit()).isEqualTo(2);
        assertThat(partitioner.err()).contains("unknown partitioner 'clever', expected random, balanced or skewed");
        Run pop = run("compare", "-t", "Abilene", "--pop", "0");
        assertThat(pop.exit()).isEqualTo(1);
        assertThat(pop.err()).contains("POP needs 1 <= k <= 4096 sub-problems, got 0");
        Run split = run("compare", "-t", "Abilene", "--client-split", "-1");
        assertThat(split.exit()).isEqualTo(1);
        assertThat(split.err()).contains("client-split threshold must be finite and >= 0, got -1.0")
                .as("refused before anything ran").doesNotContain("running full LP");
        Run huge = run("compare", "-t", "Abilene", "--traffic", "gravity:1,1", "--pop", "2147483647");
        assertThat(huge.exit()).isEqualTo(1);
        assertThat(huge.err()).contains("POP needs 1 <= k <= 4096 sub-problems, got 2147483647").doesNotContain("Exception");
    }

    @Test
    void stateShowsWhatADaemonStoredAndWritesItsAllocationAsTheApiJson(@TempDir Path dir) throws Exception {
        te.topology.Topology t = te.zoo.TopologyCatalog.discover().load("Abilene");
        te.topology.paths.PathSet paths = te.topology.paths.PathPrecomputation.allPairs(t, te.topology.paths.PathSpec.defaults(), 1,
                te.topology.paths.PathPrecomputation.Progress.NONE);
        te.lp.Allocation a = te.lp.baseline.Cspf.allocate(te.lp.TeProblem.of(t, paths,
                te.lp.Commodities.of(te.topology.traffic.TrafficSpec.parse("gravity:1,1").generate(t), paths)));
        Path state = dir.resolve("state");
        try (te.controller.daemon.state.StateStore store = new te.controller.daemon.state.StateStore(state)) {
            te.controller.daemon.AllocationBook book = te.controller.daemon.AllocationBook.load(t,
                    te.controller.daemon.NetworkBook.load(t, paths, store, 1).current(), store);
            book.publish(new te.controller.daemon.AllocationInfo(te.lp.Objective.TOTAL_FLOW, a.totalFlowMbps(), "cspf",
                    te.lp.SolveStatus.OPTIMAL, "", 3, 0, 0, 0, java.time.Instant.EPOCH), a);
            store.save(te.controller.daemon.state.StateStore.ROLE, 1, "MASTER 18446744073709551615".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            store.save(te.controller.daemon.state.StateStore.PENALTIES, 0, "3 2950.5 true\n4 999.0 false\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        // Both kinds of set-aside files are listed (unfit ones were left out when they got their name).
        java.nio.file.Files.writeString(state.resolve("demands.state.unfit-1764300000000"), "x");
        java.nio.file.Files.writeString(state.resolve("links.state.corrupt-1764300000001"), "x");
        Path json = dir.resolve("alloc.json");
        Run shown = run("state", "-t", "Abilene", "--state-dir", state.toString(), "--allocation-json", json.toString());
        assertThat(shown.exit()).as(shown.err()).isZero();
        assertThat(shown.out()).contains("demands     none").contains("allocation  version 1").contains("cspf (compact)")
                .contains("demand version 3").contains("served      allocation versions up to 1 may have been served")
                .contains("role        MASTER (generation 18446744073709551615), claimed through POST /v1/openflow/role")
                .contains("penalties   flap penalties of 2 arcs, 1 kept down, taken at 1970-01-01T00:00:00Z")
                .contains("set aside   demands.state.unfit-1764300000000").contains("set aside   links.state.corrupt-1764300000001");
        te.lp.Allocation back = te.controller.AllocationJsonReader.read(t, te.topology.paths.PathSpec.defaults(), t.capacitiesMbps(),
                java.nio.file.Files.readAllBytes(json)).allocation();
        assertThat(back.pathFlowsMbps()).containsExactly(a.pathFlowsMbps());

        Path foreign = dir.resolve("foreign");
        try (te.controller.daemon.state.StateStore store = new te.controller.daemon.state.StateStore(foreign)) {
            te.controller.daemon.TopologyStamp.claim(store, te.topology.TestTopologies.ringWithChords(6));
        }
        Run wrong = run("state", "-t", "Abilene", "--state-dir", foreign.toString());
        assertThat(wrong.exit()).isEqualTo(1);
        assertThat(wrong.err()).contains("state directory " + foreign + " belongs to topology").contains("not Abilene");

        // Without -t the stamp names the topology, where it is a name the catalogue knows.
        Path stamped = dir.resolve("stamped");
        try (te.controller.daemon.state.StateStore store = new te.controller.daemon.state.StateStore(stamped)) {
            te.controller.daemon.TopologyStamp.claim(store, t);
        }
        Run named = run("state", "--state-dir", stamped.toString());
        assertThat(named.exit()).as(named.err()).isZero();
        assertThat(named.out()).contains("topology    Abilene");
        Run unstamped = run("state", "--state-dir", state.toString());
        assertThat(unstamped.exit()).isEqualTo(1);
        assertThat(unstamped.err()).contains("give -t NAME|FILE: " + state + " has no topology stamp");
        Run unknown = run("state", "--state-dir", foreign.toString());
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err()).contains("give -t NAME|FILE: " + foreign + " was stamped for topology '").contains("not a Zoo or bundled name");

        Run missing = run("state", "-t", "Abilene", "--state-dir", dir.resolve("nothing").toString());
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.err()).contains("is not a directory");
        Path empty = java.nio.file.Files.createDirectory(dir.resolve("empty"));
        Run other = run("state", "-t", "Abilene", "--state-dir", empty.toString(), "--allocation-json", json.toString());
        assertThat(other.exit()).isEqualTo(1);
        assertThat(other.err()).contains("holds no readable allocation");

        // The daemon's own files are never the output, whatever the path looks like.
        byte[] before = java.nio.file.Files.readAllBytes(state.resolve("allocation.state"));
        for (Path into : List.of(state.resolve("allocation.state"), dir.resolve("state/../state/demands.state"))) {
            Run clobber = run("state", "-t", "Abilene", "--state-dir", state.toString(), "--allocation-json", into.toString());
            assertThat(clobber.exit()).isEqualTo(1);
            assertThat(clobber.err()).contains("is inside the state directory");
        }
        assertThat(java.nio.file.Files.readAllBytes(state.resolve("allocation.state"))).isEqualTo(before);
        assertThat(state.resolve("demands.state")).doesNotExist();
    }

    @Test
    void outputsAndTrafficAreCheckedBeforeAnyWorkAndUsageErrorsAreOneLine(@TempDir Path dir) throws Exception {
        Run plot = run("compare", "-t", "Abilene", "--traffic", "gravity:1,1", "--plot", dir.resolve("x.txt").toString());
        assertThat(plot.exit()).isEqualTo(1);
        assertThat(plot.err()).contains("--plot '" + dir.resolve("x.txt") + "' must end with .png").doesNotContain("running full LP");
        Run outDir = run("solve", "-t", "Abilene", "--traffic", "gravity:1,1", "-o", dir.toString());
        assertThat(outDir.err()).contains("is a directory or empty, expected a file name");
        Run noParent = run("traffic", "-t", "Abilene", "-o", dir.resolve("missing/tm.csv").toString());
        assertThat(noParent.err()).contains("directory " + dir.resolve("missing") + " does not exist");
        Run xml = run("traffic", "-t", "Abilene", "-o", dir.resolve("tm.xml").toString());
        assertThat(xml.err()).contains("must end with .csv or .json");
        Run huge = run("traffic", "-t", "Abilene", "-m", "gravity:1,1e300", "-o", dir.resolve("tm.csv").toString());
        assertThat(huge.exit()).isEqualTo(1);
        assertThat(huge.err()).contains("above the 1e+09 Mbps a demand may be");
        assertThat(dir.resolve("tm.csv")).doesNotExist();
        Run trafficDir = run("solve", "-t", "Abilene", "--traffic", dir.toString());
        assertThat(trafficDir.err()).contains("is not a regular file (a directory or device)");
        Run enumValue = run("paths", "-t", "Abilene", "--path-method", "bogus");
        assertThat(enumValue.exit()).isEqualTo(2);
        assertThat(enumValue.err()).isEqualTo("error: Invalid value for option '--path-method': 'bogus': expected edge-disjoint or yen\n"
                + "see 'te paths --help'\n");
        // te compare takes a matrix file as te solve does.
        Path tm = dir.resolve("tm.json");
        assertThat(run("traffic", "-t", "Abilene", "-m", "gravity:1,1", "-o", tm.toString()).exit()).isZero();
        Run fromFile = run("compare", "-t", "Abilene", "--traffic", tm.toString(), "--pop", "2");
        assertThat(fromFile.exit()).as(fromFile.err()).isZero();
        assertThat(fromFile.out()).contains("Abilene, tm.json, total-flow, 110 commodities");
    }

    @Test
    void badInputExitsNonZeroWithTheValueNamed() {
        Run unknown = run("topology", "-t", "Atlantis");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err()).contains("error: unknown topology 'Atlantis'");
        Run badModel = run("traffic", "-t", "Abilene", "-m", "zipf:1");
        assertThat(badModel.exit()).isEqualTo(1);
        assertThat(badModel.err()).contains("unknown traffic model 'zipf'");
        Run badFlag = run("paths", "-t", "Abilene", "--path-metric", "latency");
        assertThat(badFlag.exit()).isEqualTo(2);
        assertThat(badFlag.err()).contains("'latency': expected hops or inverse-capacity");
        Run noCommand = run();
        assertThat(noCommand.exit()).isEqualTo(2);
        assertThat(noCommand.err()).contains("Commands:").contains("error: missing a command");
        Run emptyTraffic = run("solve", "-t", "Abilene", "--traffic", trafficFile("src,dst,demand\n"));
        assertThat(emptyTraffic.exit()).isEqualTo(1);
        assertThat(emptyTraffic.err()).contains("holds no CSV demand entries");
        Run badTraffic = run("solve", "-t", "Abilene", "--traffic", trafficFile("0,99,5\n"));
        assertThat(badTraffic.exit()).isEqualTo(1);
        assertThat(badTraffic.err()).startsWith("error: ").contains("line 1").doesNotContain("\tat ");
        Run missing = run("solve", "-t", "Abilene", "--traffic", "/nonexistent/tm.csv");
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.err()).contains("--traffic /nonexistent/tm.csv: no such file");
        Run badThreads = run("paths", "-t", "Abilene", "--threads", "0", "--no-cache");
        assertThat(badThreads.exit()).isEqualTo(1);
        assertThat(badThreads.err()).contains("--threads must be in 1..1024, got 0");
        Run tooManyThreads = run("solve", "-t", "Abilene", "--traffic", "gravity:1,400", "--threads", "100000");
        assertThat(tooManyThreads.exit()).isEqualTo(1);
        assertThat(tooManyThreads.err()).contains("--threads must be in 1..1024, got 100000").doesNotContain("\tat ");
    }

    private static String trafficFile(String csv) {
        try {
            java.nio.file.Path f = java.nio.file.Files.createTempFile("tm", ".csv");
            f.toFile().deleteOnExit();
            return java.nio.file.Files.writeString(f, csv).toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
