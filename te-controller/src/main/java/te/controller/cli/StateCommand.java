package te.controller.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import te.controller.daemon.AllocationFile;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.state.CorruptStateException;
import te.controller.daemon.state.StateFile;
import te.controller.daemon.state.StateStore;
import te.controller.daemon.state.StoredState;
import te.topology.Topology;
import te.topology.paths.PathSpec;

/**
 * {@code te state}: what a daemon's state directory holds, read-only and without its lock, so it
 * works while the daemon runs. The allocation is stored in a binary form ({@link AllocationFile});
 * {@code --allocation-json} writes it as the JSON {@code GET /v1/allocation} serves.
 */
@Command(name = "state", mixinStandardHelpOptions = true,
        description = "Show what a te serve state directory holds (versions, sizes, the stored allocation's figures; read-only, "
                + "also while the daemon runs) and optionally write the stored allocation as the API's JSON.")
final class StateCommand implements Runnable {
    private static final List<String> KINDS = List.of(te.controller.daemon.TopologyStamp.KIND, StateStore.DEMANDS, StateStore.LINKS,
            StateStore.OPERATOR, StateStore.ALLOCATION, StateStore.SERVED, StateStore.ROLE, StateStore.PENALTIES);

    @Spec
    CommandSpec spec;

    @Mixin
    StateTopology topologyOptions;

    /** The topology options with the topology optional: the state directory's stamp names it. */
    static final class StateTopology extends TopologySource {
        @Option(names = {"-t", "--topology"}, paramLabel = "NAME|FILE",
                description = "Topology Zoo name, bundled name or a GraphML/JSON file (default: the one the state directory was "
                        + "stamped for, when that is a Zoo or bundled name).")
        String topology;
    }

    @Option(names = "--state-dir", required = true, paramLabel = "DIR", description = "The daemon's --state-dir.")
    Path stateDir;

    @Option(names = "--allocation-json", paramLabel = "FILE", description = "Write the stored allocation here as the API's JSON.")
    Path allocationJson;

    @Override
    public void run() {
        if (!Files.isDirectory(stateDir)) {
            throw new IllegalArgumentException("--state-dir %s is not a directory".formatted(stateDir));
        }
        OutputFile.check(allocationJson, "--allocation-json");
        if (allocationJson != null && insideStateDir(allocationJson)) {
            throw new IllegalArgumentException(("--allocation-json %s is inside the state directory %s: it could overwrite the "
                    + "daemon's own files; write it elsewhere").formatted(allocationJson, stateDir));
        }
        Topology topology = topology();
        PrintWriter out = spec.commandLine().getOut();
        Optional<AllocationSnapshot> allocation = Optional.empty();
        for (String kind : KINDS) {
            Path file = stateDir.resolve(kind + ".state");
            Optional<StoredState> stored;
            try {
                stored = StateFile.read(file, kind);
            } catch (CorruptStateException | IOException e) {
                out.printf("%-11s unreadable: %s%n", kind, e.getMessage());
                continue;
            }
            if (stored.isEmpty()) {
                out.printf("%-11s none%n", kind);
                continue;
            }
            StoredState s = stored.get();
            if (kind.equals(te.controller.daemon.TopologyStamp.KIND)) {
                Optional<te.controller.daemon.TopologyStamp> stamp = te.controller.daemon.TopologyStamp.parse(s);
                stamp.ifPresent(t -> t.requireFits(topology, stateDir)); // before any of its files is read as this topology's
                out.printf("%-11s %s%n", kind, stamp.map(t -> "%s (shape %s)".formatted(t.name(), t.shape())).orElse("unreadable"));
                continue;
            }
            if (kind.equals(StateStore.OPERATOR)) {
                out.printf("%-11s the operator's last word on links came with link-state version %d%s%n", kind, s.version(),
                        s.version() == 0 ? " (none given since the link states began)" : "");
                continue;
            }
            if (kind.equals(StateStore.SERVED)) {
                out.printf("%-11s allocation versions up to %d may have been served%n", kind, s.version());
                continue;
            }
            if (kind.equals(StateStore.ROLE)) {
                String text = new String(s.payload(), java.nio.charset.StandardCharsets.UTF_8);
                out.printf("%-11s %s%n", kind, te.controller.daemon.RoleBook.parse(text)
                        .map(c -> c + ", claimed through POST /v1/openflow/role")
                        .orElse("unreadable: '%s' is not %s".formatted(text, te.controller.daemon.RoleBook.FORM)));
                continue;
            }
            if (kind.equals(StateStore.PENALTIES)) {
                try {
                    List<te.controller.daemon.FlapPenalty> penalties = te.controller.daemon.PenaltyBook.parse(s.payload(), topology);
                    out.printf("%-11s flap penalties of %d arcs, %d kept down, taken at %s%n", kind, penalties.size(),
                            penalties.stream().filter(te.controller.daemon.FlapPenalty::suppressed).count(),
                            java.time.Instant.ofEpochMilli(s.version()));
                } catch (IllegalArgumentException e) {
                    out.printf("%-11s unreadable: %s%n", kind, e.getMessage());
                }
                continue;
            }
            out.printf("%-11s version %d, %d bytes%n", kind, s.version(), s.payload().length);
            if (kind.equals(StateStore.ALLOCATION)) {
                allocation = describe(out, topology, s);
            }
        }
        try (Stream<Path> files = Files.list(stateDir)) {
            files.map(f -> f.getFileName().toString()).filter(f -> f.contains(".corrupt-") || f.contains(".unfit-")).sorted()
                    .forEach(f -> out.printf("set aside   %s%n", f));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + stateDir, e);
        }
        if (allocationJson != null) {
            AllocationSnapshot a = allocation.orElseThrow(() -> new IllegalArgumentException(
                    "--allocation-json: %s holds no readable allocation".formatted(stateDir)));
            try {
                te.topology.io.AtomicFile.write(allocationJson, a.json());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + allocationJson, e);
            }
            out.printf("written     %s%n", allocationJson);
        }
        out.flush();
    }

    /**
     * @return the topology given with -t, else the one the state directory's stamp names (a Zoo or
     *         bundled name; a file's name alone does not say where it is)
     */
    private Topology topology() {
        if (topologyOptions.topology != null) {
            return topologyOptions.load(topologyOptions.topology);
        }
        Optional<te.controller.daemon.TopologyStamp> stamp;
        try {
            stamp = StateFile.read(stateDir.resolve(te.controller.daemon.TopologyStamp.KIND + ".state"), te.controller.daemon.TopologyStamp.KIND)
                    .flatMap(te.controller.daemon.TopologyStamp::parse);
        } catch (CorruptStateException | IOException e) {
            throw new IllegalArgumentException("give -t NAME|FILE: the topology stamp of %s is unreadable (%s)".formatted(stateDir, e.getMessage()));
        }
        String name = stamp.orElseThrow(() -> new IllegalArgumentException(
                "give -t NAME|FILE: %s has no topology stamp (a directory from before stamps, or not a state directory)".formatted(stateDir)))
                .name();
        try {
            return topologyOptions.load(name);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(("give -t NAME|FILE: %s was stamped for topology '%s', which is not a Zoo or bundled name "
                    + "found here (%s)").formatted(stateDir, name, e.getMessage()), e);
        }
    }

    /** @return whether {@code file} would land in the state directory (symbolic links resolved where they exist) */
    private boolean insideStateDir(Path file) {
        try {
            Path dir = stateDir.toRealPath();
            Path parent = file.toAbsolutePath().normalize().getParent();
            return parent != null && Files.isDirectory(parent) && parent.toRealPath().startsWith(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + file, e);
        }
    }

    /** Prints the stored allocation's figures; an allocation that does not fit the topology is said so, not thrown. */
    private static Optional<AllocationSnapshot> describe(PrintWriter out, Topology topology, StoredState s) {
        try {
            AllocationSnapshot a = AllocationSnapshot.parse(s.version(), topology, PathSpec.defaults(), topology.capacitiesMbps(),
                    s.payload());
            out.printf("            %s (%s), %s %s, %d commodities, %.3f Mbps routed, demand version %d, topology version %d, "
                            + "computed at %s%s%n", a.info().method(), AllocationFile.holds(s.payload()) ? "compact" : "JSON",
                    a.info().objective().cliName(), a.info().value(), a.allocation().problem().commodities().size(),
                    a.allocation().totalFlowMbps(), a.info().demandVersion(), a.info().topologyVersion(), a.info().computedAt(),
                    a.info().message().isEmpty() ? "" : "; " + a.info().message());
            return Optional.of(a);
        } catch (RuntimeException e) {
            out.printf("            does not fit topology %s: %s%n", topology.name(), e.getMessage());
            return Optional.empty();
        }
    }
}
