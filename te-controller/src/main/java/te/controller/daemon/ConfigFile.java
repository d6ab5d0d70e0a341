package te.controller.daemon;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Stack;
import java.util.TreeSet;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code te serve --config FILE}: a Java properties file whose keys are the long option names
 * without dashes ({@code topology=Kdl}, {@code pop=16}, {@code listen=127.0.0.1:8080}). Its entries
 * are turned into arguments and parsed right where {@code --config} stands, so they go through the
 * same conversion and validation as flags; flags on the command line override them, after
 * {@code --config} or before it, and each such override is named on stderr.
 */
public final class ConfigFile {
    private ConfigFile() {
    }

    /** Picocli hook on {@code --config}: replaces it by the file's arguments. */
    public static final class Preprocessor implements CommandLine.IParameterPreprocessor {
        @Override
        public boolean preprocess(Stack<String> args, CommandSpec spec, ArgSpec argSpec, Map<String, Object> info) {
            if (args.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--config needs a FILE");
            }
            if (argSpec.getValue() != null) {
                // A second file's keys would be taken for command-line flags and dropped (review).
                throw new CommandLine.ParameterException(spec.commandLine(), "--config is given twice (%s, then %s); give one file"
                        .formatted(argSpec.<Object>getValue(), args.peek()));
            }
            Path file = Path.of(args.pop());
            Set<String> allowed = new TreeSet<>();
            Set<String> flags = new TreeSet<>();
            Set<String> negatable = new TreeSet<>();
            spec.options().forEach(o -> {
                String name = o.longestName().replaceFirst("^--", "");
                allowed.add(name);
                if (o.arity().max() == 0) {
                    flags.add(name);
                }
                if (o.negatable()) {
                    negatable.add(name);
                }
            });
            allowed.removeAll(Set.of("config", "help", "version"));
            List<String> fileArgs;
            try {
                fileArgs = arguments(file, allowed, flags, negatable);
            } catch (java.io.UncheckedIOException | IllegalArgumentException e) {
                // Said as a usage error in one line, the file system's reason included.
                throw new CommandLine.ParameterException(spec.commandLine(), te.controller.cli.TeCli.describe(e), e, argSpec, file.toString());
            }
            // Flags given before --config win too: the command line is what the operator typed last.
            Set<String> given = new TreeSet<>();
            spec.options().forEach(o -> {
                if (!o.originalStringValues().isEmpty()) {
                    given.add(o.longestName().replaceFirst("^--", ""));
                }
            });
            // Those after it win by being parsed later; the file's value is still parsed, so a bad one is still named.
            Set<String> givenAfter = optionsAmong(args, spec);
            List<String> kept = new ArrayList<>();
            for (String arg : fileArgs) {
                String name = arg.substring(2).split("=", 2)[0];
                String key = allowed.contains(name) ? name : name.replaceFirst("^no-", "");
                if (given.contains(key) || givenAfter.contains(key)) {
                    spec.commandLine().getErr().printf("te serve: --%s on the command line overrides %s in %s%n", key, key, file);
                }
                if (!given.contains(key)) {
                    kept.add(arg);
                }
            }
            fileArgs = kept;
            // Later flags must be able to override the file's values.
            spec.parser().overwrittenOptionsAllowed(true);
            for (int i = fileArgs.size() - 1; i >= 0; i--) {
                args.push(fileArgs.get(i));
            }
            argSpec.setValue(file);
            return true;
        }
    }

    /**
     * @return the long names (without dashes) of the options among the arguments still to parse,
     *         up to an end-of-options {@code --}; a negated flag ({@code --no-cache}) by its own name
     */
    static Set<String> optionsAmong(Stack<String> rest, CommandSpec spec) {
        Set<String> names = new TreeSet<>();
        // A Stack's iteration runs bottom to top: the last argument first.
        for (int i = rest.size() - 1; i >= 0; i--) {
            String arg = rest.get(i);
            if (arg.equals("--")) {
                break;
            }
            if (!arg.startsWith("-")) {
                continue;
            }
            String name = arg.split("=", 2)[0];
            CommandLine.Model.OptionSpec o = spec.findOption(name);
            if (o == null && name.startsWith("--no-")) {
                o = spec.findOption("--" + name.substring(5));
            }
            if (o == null && !name.startsWith("--") && name.length() > 2) {
                o = spec.findOption(name.substring(0, 2)); // a short option with its value attached: -tKdl
            }
            if (o != null) {
                names.add(o.longestName().replaceFirst("^--", ""));
            }
        }
        return names;
    }

    /**
     * @param allowed option names (without dashes) a file may set
     * @param flags   those of them that take no value ({@code no-cache=true} gives {@code --no-cache})
     * @return {@code --key=value} arguments in key order
     * @throws IllegalArgumentException naming an unknown key, with the allowed ones, a flag whose
     *                                  value is not true/false, or a file that is a directory
     */
    public static List<String> arguments(Path file, Set<String> allowed, Set<String> flags) {
        return arguments(file, allowed, flags, Set.of());
    }

    /**
     * As {@link #arguments(Path, Set, Set)}, where the flags in {@code negatable} are on by
     * default: {@code restore-splits=false} gives {@code --no-restore-splits}, not nothing.
     */
    public static List<String> arguments(Path file, Set<String> allowed, Set<String> flags, Set<String> negatable) {
        // A key given twice would otherwise let its last value win without a word.
        Properties p = new Properties() {
            @Override
            public synchronized Object put(Object key, Object value) {
                Object was = super.put(key, value);
                if (was != null) {
                    throw new IllegalArgumentException("config file %s: key '%s' is given twice ('%s', then '%s'); give it once"
                            .formatted(file, key, was, value));
                }
                return null;
            }
        };
        if (Files.isDirectory(file)) {
            // Reading one fails only at the first read, with the OS's "Is a directory".
            throw new IllegalArgumentException("cannot read config file %s: it is a directory, expected a readable properties file (key=value lines)"
                    .formatted(file));
        }
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read config file " + file, e);
        }
        List<String> args = new ArrayList<>();
        for (String key : new TreeSet<>(p.stringPropertyNames())) {
            if (!allowed.contains(key)) {
                throw new IllegalArgumentException("config file %s: unknown key '%s', expected one of %s".formatted(file, key, new TreeSet<>(allowed)));
            }
            String value = p.getProperty(key).strip();
            if (!flags.contains(key)) {
                args.add("--" + key + "=" + value);
            } else if (value.equalsIgnoreCase("true")) {
                args.add("--" + key);
            } else if (value.equalsIgnoreCase("false") && negatable.contains(key)) {
                args.add("--no-" + key);
            } else if (!value.equalsIgnoreCase("false")) {
                throw new IllegalArgumentException("config file %s: %s=%s, expected true or false".formatted(file, key, value));
            }
        }
        return args;
    }
}
