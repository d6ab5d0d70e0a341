package te.controller.cli;

import picocli.CommandLine.Option;
import te.topology.Topology;

/** The options every command that loads a topology shares (a picocli mixin); the topology is required. */
public final class TopologyOptions extends TopologySource {
    @Option(names = {"-t", "--topology"}, required = true, paramLabel = "NAME|FILE",
            description = "Topology Zoo name (e.g. Cogentco), bundled name (Abilene) or a GraphML/JSON file.")
    String topology;

    /** @return the file {@code -t} names, when it names one rather than a catalogue entry */
    public java.util.Optional<java.nio.file.Path> file() {
        return file(topology);
    }

    /** @return the loaded, normalised topology */
    public Topology load() {
        return load(topology);
    }
}
