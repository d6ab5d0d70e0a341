package te.controller.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code te} command line: one-shot topology, path, traffic and solve jobs. */
@Command(name = "te", mixinStandardHelpOptions = true, version = "te 0.1.0",
        description = "WAN traffic-engineering controller: topologies, paths, traffic matrices, solves.",
        subcommands = {TopologyCommand.class, PathsCommand.class, TrafficCommand.class, SolveCommand.class, CompareCommand.class,
                te.controller.daemon.ServeCommand.class, StateCommand.class})
public final class TeCli implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** @return a configured command line; tests call this to run commands in-process */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new TeCli());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (e instanceof IllegalArgumentException || e instanceof IllegalStateException
                    || e instanceof java.io.UncheckedIOException || e instanceof te.topology.TopologyFormatException
                    || e instanceof te.topology.traffic.TrafficMatrixFormatException || e instanceof te.topology.paths.PathCacheException) {
                err.println("error: " + e.getMessage());
                return 1;
            }
            throw e;
        });
        return cli;
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
