package te.controller.cli;

import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;
import te.topology.Topology;
import te.topology.io.LoadOptions;
import te.zoo.TopologyCatalog;

/**
 * Where a topology is looked up and how it is normalised: the options every command that loads a
 * topology shares, less the topology itself, which is required for most commands
 * ({@link TopologyOptions}) and optional where a state directory names it ({@link StateCommand}).
 */
abstract class TopologySource {
    @Option(names = "--topology-dir", paramLabel = "DIR",
            description = "Topology Zoo directory (default: $TE_TOPOLOGY_DIR, else shared/topology-zoo in the working directory or the nearest parent that has one, as ../shared/topology-zoo from the repository root).")
    Path topologyDir;

    @Option(names = "--default-capacity", paramLabel = "MBPS", defaultValue = "1000",
            description = "Capacity of arcs the file gives none, in Mbps (default: ${DEFAULT-VALUE}, as the POP reference).")
    double defaultCapacityMbps;

    /** @return the file {@code name} is, when it is a path to a regular file rather than a catalogue name */
    static Optional<Path> file(String name) {
        try {
            Path p = Path.of(name);
            return java.nio.file.Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** @return the topology {@code name} (Zoo name, bundled name or file), loaded and normalised */
    Topology load(String name) {
        LoadOptions options = new LoadOptions(defaultCapacityMbps);
        TopologyCatalog catalog = topologyDir != null
                ? new TopologyCatalog(Optional.of(topologyDir), options)
                : TopologyCatalog.discover(options);
        return catalog.load(name);
    }
}
