package te.controller.daemon;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code te serve --config FILE}: a Java properties file whose keys are the long option names
 * without dashes ({@code topology=Kdl}, {@code pop=16}, {@code listen=127.0.0.1:8080}). It is turned
 * into command-line arguments placed before the real ones, so flags given on the command line win
 * and both go through the same parsing and validation.
 */
public final class ConfigFile {
    private ConfigFile() {
    }

    /**
     * @param allowed option names (without dashes) a file may set
     * @return {@code --key=value} arguments in key order
     * @throws IllegalArgumentException naming an unknown key, with the allowed ones
     */
    public static List<String> arguments(Path file, Set<String> allowed) {
        Properties p = new Properties();
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
            if (value.equals("true") && key.equals("no-cache")) {
                args.add("--" + key);
            } else if (!key.equals("no-cache")) {
                args.add("--" + key + "=" + value);
            }
        }
        return args;
    }
}
