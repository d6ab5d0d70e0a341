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
        return configured(new CommandLine(new TeCli()));
    }

    /**
     * @return {@code cli} with te's converters and its one-line error handling (the report runner
     *         of the benchmarks module shares them)
     */
    public static CommandLine configured(CommandLine cli) {
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        // Paths may not be empty (Path.of("") is the working directory: a state directory or cache
        // would land in the checkout), and whole numbers are decimal ASCII digits (picocli's own
        // converters take other scripts' digits, and 010 as octal); so are decimals.
        cli.registerConverter(java.nio.file.Path.class, TeCli::path);
        CommandLine.ITypeConverter<Integer> integer = s -> (int) whole(s, Integer.MIN_VALUE, Integer.MAX_VALUE);
        cli.registerConverter(Integer.class, integer);
        cli.registerConverter(Integer.TYPE, integer);
        CommandLine.ITypeConverter<Long> wholeLong = s -> whole(s, Long.MIN_VALUE, Long.MAX_VALUE);
        cli.registerConverter(Long.class, wholeLong);
        cli.registerConverter(Long.TYPE, wholeLong);
        // Decimal numbers as people write them: picocli's own (Double.valueOf) takes 0x1p10 as 1024 and 1000d as 1000.
        cli.registerConverter(Double.class, TeCli::decimal);
        cli.registerConverter(Double.TYPE, TeCli::decimal);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (e instanceof IllegalArgumentException || e instanceof IllegalStateException
                    || e instanceof java.io.UncheckedIOException || e instanceof te.topology.TopologyFormatException
                    || e instanceof te.topology.traffic.TrafficMatrixFormatException || e instanceof te.topology.paths.PathCacheException) {
                String message = describe(e);
                // A range check made while running ("--interval must be positive") names its option;
                // which file set it is known only here.
                java.util.regex.Matcher option = java.util.regex.Pattern.compile("^(--[\\w-]+)\\b").matcher(message == null ? "" : message);
                String where = option.find() ? optionFromConfigFile(option.group(1), null, parseResult.originalArgs().toArray(String[]::new)) : "";
                err.println("error: " + message + where);
                return 1;
            }
            throw e;
        });
        // One line and where to look, not the whole usage (up to 90 lines) above a one-line mistake.
        cli.setParameterExceptionHandler((ex, args) -> {
            CommandLine cmd = ex.getCommandLine();
            PrintWriter err = cmd.getErr();
            err.println("error: " + converterMessage(ex.getMessage()) + fromConfigFile(ex.getMessage(), ex.getValue(), args));
            if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, err)) {
                err.println("see '%s --help'".formatted(cmd.getCommandSpec().qualifiedName()));
            }
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        });
        return cli;
    }

    /**
     * @param flag    the flag's name, for the message
     * @param seconds a time limit as given
     * @return it, if it is a finite number of seconds above 0
     */
    public static double timeLimit(String flag, double seconds) {
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("%s must be a finite number of seconds > 0, got %s".formatted(flag, seconds));
        }
        return seconds;
    }

    /**
     * POP's settings as {@code --pop} and {@code --client-split} give them, checked before any work.
     *
     * @throws IllegalArgumentException {@link te.lp.pop.PopOptions#check}'s, headed by the flag
     *                                  whose value it refuses (its own says "k" or "threshold")
     */
    public static void pop(int k, double clientSplit) {
        named("--pop", () -> te.lp.pop.PopOptions.check(k, 0));
        named("--client-split", () -> te.lp.pop.PopOptions.check(1, clientSplit));
    }

    /** Runs {@code check}; an IllegalArgumentException it throws is thrown again headed by {@code flag}. */
    static void named(String flag, Runnable check) {
        try {
            check.run();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + ": " + e.getMessage(), e);
        }
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

    /**
     * @param value the value refused, if known
     * @return " (set in config file F)" when the option the message names is not given that value on
     *         the command line but a {@code --config F} is (file entries are parsed where
     *         {@code --config} stands, so its value can fail before a later flag overrides it), so
     *         the operator knows which file to fix; else ""
     */
    static String fromConfigFile(String message, String value, String[] args) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("option '(--[\\w-]+)'").matcher(message == null ? "" : message);
        return m.find() ? optionFromConfigFile(m.group(1), value, args) : "";
    }

    /** As {@link #fromConfigFile(String, String, String[])}, for a known option; a null value stands for any. */
    static String optionFromConfigFile(String option, String value, String[] args) {
        String file = null;
        for (int i = 0; i < args.length; i++) {
            boolean given = args[i].equals(option) && i + 1 < args.length && args[i + 1].equals(value)
                    || args[i].equals(option + "=" + value);
            if (given || value == null && (args[i].equals(option) || args[i].startsWith(option + "="))) {
                return "";
            }
            if (args[i].equals("--config") && i + 1 < args.length) {
                file = args[i + 1];
            } else if (args[i].startsWith("--config=")) {
                file = args[i].substring("--config=".length());
            }
        }
        return file == null ? "" : " (set in config file %s)".formatted(file);
    }

    /** @return picocli's "cannot convert 'x' to T (java.lang.IllegalArgumentException: why)" as "why" */
    private static String converterMessage(String message) {
        return message.replaceAll("cannot convert '.*?' to \\w+ \\(java\\.[\\w.]+: (.*)\\)$", "$1");
    }

    private static java.nio.file.Path path(String text) {
        if (text.isBlank()) {
            throw new CommandLine.TypeConversionException("a path must not be empty");
        }
        return java.nio.file.Path.of(text);
    }

    /** @return {@code text}'s value when it is a plain decimal ({@link te.topology.io.PlainDecimal}) within a double's range, above and below */
    private static double decimal(String text) {
        double value = te.topology.io.PlainDecimal.parse(text);
        if (Double.isNaN(value)) {
            throw new CommandLine.TypeConversionException(
                    "'%s' is not a decimal number (digits with an optional point and exponent, as 1000 or 2.5e3)".formatted(text));
        }
        if (Double.isInfinite(value)) {
            // Named as typed: each option's range check would say "got Infinity".
            throw new CommandLine.TypeConversionException("'%s' is too large a number".formatted(text.strip()));
        }
        if (te.topology.io.PlainDecimal.underflows(text)) {
            // Else 1e-400 read as 0: "--time-limit must be … > 0, got 0.0", and --gap 1e-400 taken as 0.
            throw new CommandLine.TypeConversionException(te.topology.io.PlainDecimal.tooSmall(text));
        }
        return value;
    }

    private static long whole(String text, long min, long max) {
        if (!text.matches("[+-]?[0-9]{1,19}")) {
            throw new CommandLine.TypeConversionException("'%s' is not a whole number (decimal digits 0-9)".formatted(text));
        }
        try {
            long value = Long.parseLong(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // out of the long range: said below
        }
        // Named as typed, as decimals are: "out of range [-2147483648, 2147483647]" read as if that
        // were the option's range (-k takes 1..64, which its own check says for any int).
        throw new CommandLine.TypeConversionException("'%s' is too large a %snumber".formatted(text, text.startsWith("-") ? "negative " : ""));
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.exit(execute(args, new java.io.FileOutputStream(java.io.FileDescriptor.out), System.err));
    }

    /**
     * @param stdout where the command's output goes
     * @param stderr where a failure to write it is said
     * @return the command's exit status, or 1 for a command that succeeded but whose output could
     *         not be written
     */
    static int execute(String[] args, java.io.OutputStream stdout, java.io.PrintStream stderr) {
        CommandLine cli = commandLine();
        WatchedOutput out = new WatchedOutput(stdout);
        // One writer for every subcommand (setOut reaches them all), so its errors can be checked here.
        cli.setOut(new PrintWriter(out, true, java.nio.charset.StandardCharsets.UTF_8));
        int code = cli.execute(args);
        // A PrintWriter keeps write errors to itself: output sent into a full disk must not end with
        // "success". A reader that went away (te topology --links | head) has all it wanted: as for
        // any command line tool in a pipe, that is no error.
        if (cli.getOut().checkError() && !out.closedPipe()) {
            stderr.println("error: writing the output failed: " + out.failure());
            code = code == 0 ? 1 : code;
        }
        return code;
    }
}
