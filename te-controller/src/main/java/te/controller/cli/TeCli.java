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
        // A command is required: usage on standard error and exit 2, as for any other missing argument.
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "missing a command (see the list above)");
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
                err.println("error: " + describe(e));
                return 1;
            }
            throw e;
        });
        // One line and where to look, not the whole usage (up to 90 lines) above a one-line mistake.
        cli.setParameterExceptionHandler((ex, args) -> {
            CommandLine cmd = ex.getCommandLine();
            PrintWriter err = cmd.getErr();
            err.println("error: " + converterMessage(ex.getMessage()));
            if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, err)) {
                err.println("see '%s --help'".formatted(cmd.getCommandSpec().qualifiedName()));
            }
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        });
        return cli;
    }

    /** @return the message, with the file system's reason when an I/O error hides it in its cause */
    public static String describe(Throwable e) {
        if (e instanceof java.io.UncheckedIOException u) {
            return u.getMessage() + ": " + reason(u.getCause());
        }
        return e.getMessage();
    }

    private static String reason(java.io.IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return "not valid UTF-8 text";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** @return picocli's "cannot convert 'x' to T (java.lang.IllegalArgumentException: why)" as "why" */
    private static String converterMessage(String message) {
        return message.replaceAll("cannot convert '.*?' to \\w+ \\(java\\.[\\w.]+: (.*)\\)$", "$1");
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
