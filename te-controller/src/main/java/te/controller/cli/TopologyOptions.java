package te.controller.cli;

import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;
import te.topology.Topology;
import te.topology.io.LoadOptions;
import te.zoo.TopologyCatalog;

/** The options every command that loads a topology shares (a picocli mixin). */
public final class TopologyOptions {
    @Option(names = {"-t", "--topology"}, required = true, paramLabel = "NAME|FILE",
            description = "Topology Zoo name (e.g. Cogentco), bundled name (Abilene) or a GraphML/JSON file.")
    String topology;

    @Option(names = "--topology-dir", paramLabel = "DIR",
            description = "Topology Zoo directory (default: $TE_TOPOLOGY_DIR or shared/topology-zoo beside the working directory).")
    Path topologyDir;

    @Option(names = "--default-capacity", paramLabel = "MBPS", defaultValue = "1000",
            description = "Capacity of arcs the file gives none, in Mbps (default: ${DEFAULT-VALUE}, as the POP reference).")
    double defaultCapacityMbps;

    /** @return the loaded, normalised topology */
    public Topology load() {
        LoadOptions options = new LoadOptions(defaultCapacityMbps);
        TopologyCatalog catalog = topologyDir != null
                ? new TopologyCatalog(Optional.of(topologyDir), options)
                : TopologyCatalog.discover(options);
        return catalog.load(topology);
    }
}
