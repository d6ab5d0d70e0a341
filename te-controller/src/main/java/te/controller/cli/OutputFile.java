package te.controller.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** Output paths checked before any work, so a typo does not surface after minutes of solving. */
final class OutputFile {
    private OutputFile() {
    }

    /**
     * @param file       the path given, or null when the option is absent (nothing to check)
     * @param flag       the option's name, for the message
     * @param extensions accepted endings, lowercase with the dot ({@code .png}); none accepts any
     * @throws IllegalArgumentException naming the flag and the value: a directory, a missing or
     *                                  unwritable parent directory, an unwritable file, another ending
     */
    static void check(Path file, String flag, String... extensions) {
        if (file == null) {
            return;
        }
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (name.isEmpty() || Files.isDirectory(file)) {
            throw new IllegalArgumentException("%s '%s' is a directory or empty, expected a file name".formatted(flag, file));
        }
        if (extensions.length > 0 && java.util.Arrays.stream(extensions).noneMatch(e -> name.toLowerCase(Locale.ROOT).endsWith(e))) {
            throw new IllegalArgumentException("%s '%s' must end with %s".formatted(flag, file, String.join(" or ", extensions)));
        }
        Path parent = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(parent)) {
            throw new IllegalArgumentException("%s '%s': directory %s does not exist".formatted(flag, file, parent));
        }
        if (Files.exists(file) ? !Files.isWritable(file) : !Files.isWritable(parent)) {
            throw new IllegalArgumentException("%s '%s' cannot be written (permission denied)".formatted(flag, file));
        }
        // A regular file is replaced whole through a temporary file beside it (AtomicFile).
        Path dir;
        try {
            dir = Files.exists(file) ? file.toRealPath().getParent() : parent;
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("%s '%s': %s".formatted(flag, file, e.getMessage()));
        }
        if (te.topology.io.AtomicFile.replaces(file)) {
            requireFileCreatable(dir, flag, file);
        }
    }

    /**
     * Creates and deletes a file in {@code dir}: permission bits do not show every directory that
     * refuses new files (for root, {@code -o /proc/version} passed them and failed after the solve).
     *
     * @throws IllegalArgumentException naming the flag, the file, the directory and the reason
     */
    private static void requireFileCreatable(Path dir, String flag, Path file) {
        try {
            Files.delete(Files.createTempFile(dir, ".te-probe-", ".tmp"));
        } catch (java.io.IOException | SecurityException e) {
            String reason = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason()
                    : e instanceof java.nio.file.NoSuchFileException ? "no file can be created there"
                    : e instanceof java.nio.file.AccessDeniedException ? "permission denied" : e.getClass().getSimpleName();
            throw new IllegalArgumentException(("%s '%s': directory %s cannot be written (%s; the file is replaced whole, through a "
                    + "temporary file beside it)").formatted(flag, file, dir, reason));
        }
    }

    /**
     * As {@link #check(Path, String, String...)}, and the file must not be one the command reads:
     * writing the allocation over the traffic matrix it came from (a review did) loses the input.
     *
     * @param inputs the command's input files, each with the option that names it; absent files are skipped
     * @throws IllegalArgumentException naming the flag, the file and the input it is
     */
    static void check(Path file, String flag, java.util.Map<String, Optional<Path>> inputs, String... extensions) {
        check(file, flag, extensions);
        if (file == null || !Files.exists(file)) {
            return; // a file that does not exist yet is no input
        }
        inputs.forEach((inputFlag, input) -> {
            try {
                if (input.isPresent() && Files.exists(input.get()) && Files.isSameFile(file, input.get())) {
                    throw new IllegalArgumentException("%s '%s' is the %s file %s: writing it would destroy the input; write elsewhere"
                            .formatted(flag, file, inputFlag, input.get()));
                }
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("%s '%s': %s".formatted(flag, file, e.getMessage()));
            }
        });
    }
}
