package te.zoo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import te.topology.Topology;
import te.topology.io.LoadOptions;
import te.topology.io.TopologyReader;

/**
 * Resolves a network by name or path: a file path first, then the topologies shipped in this jar
 * (Abilene), then {@code NAME.graphml} / {@code NAME.json} in the Topology Zoo directory
 * (case-insensitive).
 *
 * <p>The directory is, in order: the one passed in, system property {@code te.topology.dir},
 * environment variable {@code TE_TOPOLOGY_DIR}, or {@code shared/topology-zoo} in the working
 * directory or the nearest of its parents that has one (the layout CI and developers have).
 */
public final class TopologyCatalog {
    /** System property naming the Topology Zoo directory. */
    public static final String DIR_PROPERTY = "te.topology.dir";
    /** Environment variable naming the Topology Zoo directory. */
    public static final String DIR_ENV = "TE_TOPOLOGY_DIR";
    /** Networks shipped inside this jar. */
    public static final List<String> BUNDLED = List.of("Abilene");

    private final Optional<Path> directory;
    private final TopologyReader reader;

    /**
     * @param directory Topology Zoo directory, or empty to use only files and bundled networks
     * @param options   load settings (default capacity)
     */
    public TopologyCatalog(Optional<Path> directory, LoadOptions options) {
        this.directory = directory;
        this.reader = new TopologyReader(options);
    }

    /** @return a catalogue over the discovered directory with the reference's load settings */
    public static TopologyCatalog discover() {
        return new TopologyCatalog(discoverDirectory(), LoadOptions.defaults());
    }

    /** @return a catalogue over the discovered directory with these load settings */
    public static TopologyCatalog discover(LoadOptions options) {
        return new TopologyCatalog(discoverDirectory(), options);
    }

    /** @return the Topology Zoo directory found by the rules in the class comment, if any */
    public static Optional<Path> discoverDirectory() {
        String configured = System.getProperty(DIR_PROPERTY, System.getenv(DIR_ENV));
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured));
        }
        List<Path> roots = new ArrayList<>();
        String repoRoot = System.getProperty("te.repo.root");
        if (repoRoot != null) {
            roots.add(Path.of(repoRoot).toAbsolutePath());
        }
        roots.add(Path.of("").toAbsolutePath());
        for (Path root : roots) {
            for (Path p = root; p != null; p = p.getParent()) {
                Path candidate = p.resolve("shared").resolve("topology-zoo");
                if (Files.isDirectory(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** @return the directory this catalogue searches, if any */
    public Optional<Path> directory() {
        return directory;
    }

    /**
     * @param nameOrPath a file path, a bundled name, or a Topology Zoo network name
     * @return the normalised topology
     * @throws IllegalArgumentException naming the value and the available names when nothing matches
     * @throws te.topology.TopologyFormatException when the file found is invalid, or is not a regular
     *                                             file (a FIFO, say) or is too large to read
     */
    public Topology load(String nameOrPath) {
        Path asPath = Path.of(nameOrPath);
        // A FIFO or device given as the file goes to the reader too, which says what it is rather
        // than "unknown topology"; a directory may share a network's name, so it does not.
        if (Files.exists(asPath) && !Files.isDirectory(asPath)) {
            return reader.read(asPath);
        }
        for (String bundled : BUNDLED) {
            if (bundled.equalsIgnoreCase(nameOrPath)) {
                return readBundled(bundled);
            }
        }
        Optional<Path> inDirectory = findInDirectory(nameOrPath);
        if (inDirectory.isPresent()) {
            // The reader refuses anything but a regular file (a FIFO named Kdl.graphml would block forever).
            return reader.read(inDirectory.get());
        }
        // A directory given by mistake (the Zoo directory itself, say) is named as one: "not a file" read as "no such file".
        throw new IllegalArgumentException("unknown topology '%s': %s, and not one of %s%s".formatted(
                nameOrPath, Files.isDirectory(asPath) ? "a directory, not a GraphML or node-link JSON file" : "no such file", available(),
                directory.isEmpty() ? " (no Topology Zoo directory found; set --topology-dir or " + DIR_ENV + ")"
                        : !Files.isDirectory(directory.get()) ? " (topology directory %s is not a directory)".formatted(directory.get()) : ""));
    }

    /** @return bundled names followed by every network in the directory, sorted */
    public List<String> available() {
        TreeSet<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        names.addAll(BUNDLED);
        directory.filter(Files::isDirectory).ifPresent(dir -> {
            try (Stream<Path> files = Files.list(dir)) {
                files.map(f -> f.getFileName().toString())
                        .filter(TopologyCatalog::isTopologyFile)
                        .map(f -> f.substring(0, f.lastIndexOf('.')))
                        .forEach(names::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list topology directory " + dir, e);
            }
        });
        return List.copyOf(names);
    }

    private Optional<Path> findInDirectory(String name) {
        if (directory.isEmpty() || !Files.isDirectory(directory.get())) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(directory.get())) {
            return files.filter(f -> {
                String file = f.getFileName().toString();
                return isTopologyFile(file)
                        && file.substring(0, file.lastIndexOf('.')).equalsIgnoreCase(name);
            }).sorted().findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list topology directory " + directory.get(), e);
        }
    }

    private static boolean isTopologyFile(String file) {
        String lower = file.toLowerCase(Locale.ROOT);
        return lower.endsWith(".graphml") || lower.endsWith(".json");
    }

    private Topology readBundled(String name) {
        String resource = name + ".graphml";
        try (InputStream in = TopologyCatalog.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("bundled topology " + resource + " is missing from the jar");
            }
            return reader.read(resource, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled topology " + resource, e);
        }
    }
}
