package te.controller.cli;

import java.io.PrintWriter;
import java.util.DoubleSummaryStatistics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import te.topology.Link;
import te.topology.Node;
import te.topology.Topology;

/** {@code te topology}: loads and normalises a topology and describes it. */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = "Load a topology (GraphML or node-link JSON), normalise it and print a summary.")
final class TopologyCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions topologyOptions;

    @Option(names = "--nodes", description = "Also list every node with its degree.")
    boolean listNodes;

    @Option(names = "--links", description = "Also list every arc with its capacity.")
    boolean listLinks;

    @Override
    public void run() {
        Topology t = topologyOptions.load();
        PrintWriter out = spec.commandLine().getOut();
        DoubleSummaryStatistics caps = t.links().stream().mapToDouble(Link::capacityMbps).summaryStatistics();
        out.printf("topology      %s%n", t.name());
        out.printf("nodes         %d%n", t.nodeCount());
        out.printf("arcs          %d (directed; largest strongly connected component)%n", t.arcCount());
        out.printf("capacity      min %.1f / mean %.1f / max %.1f Mbps%n", caps.getMin(), caps.getAverage(), caps.getMax());
        out.printf("content hash  %s%n", t.contentHash());
        if (listNodes) {
            out.println("index  id  label  out-degree");
            for (Node n : t.nodes()) {
                out.printf("%d  %s  %s  %d%n", n.index(), n.id(), n.label(), t.outStart(n.index() + 1) - t.outStart(n.index()));
            }
        }
        if (listLinks) {
            out.println("arc  src  dst  capacity-mbps");
            for (Link l : t.links()) {
                out.printf("%d  %s  %s  %.3f%n", l.index(), t.nodes().get(l.src()).id(), t.nodes().get(l.dst()).id(), l.capacityMbps());
            }
        }
        out.flush();
    }
}
