package te.controller.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixIo;
import te.topology.traffic.TrafficSpec;

/**
 * A {@code --traffic} value: a CSV or JSON matrix file, or a model {@code MODEL[:SEED[,SCALE]]}.
 *
 * @param text the value as given
 */
record TrafficArgument(String text) {
    /**
     * Checks the value without reading or generating anything: a model must parse, a file must be
     * a regular file where it looks like one.
     *
     * @throws IllegalArgumentException naming the value and what was expected
     */
    TrafficArgument {
        if (matrixFile(text) == null) {
            Path file = path(text);
            if (file != null && Files.exists(file)) {
                throw new IllegalArgumentException("--traffic %s is not a regular file (a directory or device), expected a CSV or JSON matrix"
                        .formatted(text));
            }
            // Looks like a path (a separator or a file extension), not MODEL:seed,scale: say the file is missing.
            if (!text.contains(":") && (text.contains("/") || text.contains(java.io.File.separator)
                    || text.toLowerCase(Locale.ROOT).matches(".*\\.(csv|json)"))) {
                throw new IllegalArgumentException("--traffic %s: no such file (and not a traffic model MODEL:seed,scale)".formatted(text));
            }
            TrafficSpec.parse(text);
        }
    }

    /** @return the matrix file's entries, or the model's matrix on {@code topology} */
    TrafficMatrix load(Topology topology) {
        Path file = matrixFile(text);
        return file != null ? TrafficMatrixIo.read(topology, file) : TrafficSpec.parse(text).generate(topology);
    }

    /** @return the matrix file the value names, or empty when it is a model */
    java.util.Optional<Path> file() {
        return java.util.Optional.ofNullable(matrixFile(text));
    }

    /** @return the matrix file the value names, or null when it names none (it is then a model) */
    private static Path matrixFile(String text) {
        Path file = path(text);
        return file != null && Files.isRegularFile(file) ? file : null;
    }

    /** @return the value as a path, or null where it cannot be one (":" is reserved on Windows: gravity:1,16) */
    private static Path path(String text) {
        try {
            return Path.of(text);
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }

    /** @return the file name or the model as it prints in titles */
    @Override
    public String toString() {
        Path file = matrixFile(text);
        return file != null ? String.valueOf(file.getFileName()) : TrafficSpec.parse(text).toString();
    }
}
