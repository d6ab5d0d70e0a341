package te.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixIo;
import te.topology.traffic.TrafficSpec;

/** {@code te traffic}: generates a seeded traffic matrix and writes it as CSV or JSON. */
@Command(name = "traffic", mixinStandardHelpOptions = true,
        description = "Generate a seeded traffic matrix (gravity, uniform, bimodal, poisson-high-intra, poisson-high-inter).")
final class TrafficCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions topologyOptions;

    @Option(names = {"-m", "--model"}, defaultValue = "gravity:1,1", paramLabel = "MODEL[:SEED[,SCALE]]",
            description = "Model, seed and scale factor (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "Write the matrix here (.json for JSON, .csv for CSV); without it only the summary is printed.")
    Path out;

    @Override
    public void run() {
        OutputFile.check(out, "--out", java.util.Map.of("--topology", topologyOptions.file()), ".csv", ".json");
        TrafficSpec trafficSpec = TrafficSpec.parse(model);
        Topology t = topologyOptions.load();
        TrafficMatrix tm = trafficSpec.generate(t);
        PrintWriter pw = spec.commandLine().getOut();
        pw.printf("topology      %s (%d nodes)%n", t.name(), t.nodeCount());
        pw.printf("model         %s%n", trafficSpec);
        pw.printf("commodities   %d (%d with demand > 0)%n", tm.size(), tm.positiveCount());
        pw.printf("total demand  %.3f Mbps%n", tm.totalDemandMbps());
        if (out != null) {
            TrafficMatrixIo.write(t, tm, out);
            pw.printf("written       %s%n", out);
        }
        pw.flush();
    }
}
