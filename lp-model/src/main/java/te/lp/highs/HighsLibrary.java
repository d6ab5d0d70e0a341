package te.lp.highs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Loads {@code libhighs.so.1} once per JVM: from system property {@code te.highs.library} when set,
 * else extracted from the OR-Tools Linux native jar on the class path (it needs only libc and
 * libstdc++, so it is extracted alone).
 */
final class HighsLibrary {
    static final String PROPERTY = "te.highs.library";
    static final String RESOURCE = "ortools-linux-x86-64/libhighs.so.1";

    private static Optional<String> failure;
    private static String version;

    private HighsLibrary() {
    }

    /** @return why HiGHS cannot be used here, or empty once it is loaded */
    static synchronized Optional<String> load() {
        if (failure != null) {
            return failure;
        }
        try {
            String path = System.getProperty(PROPERTY);
            if (path == null) {
                path = extract().toString();
            }
            HighsNative.bind(path);
            version = HighsNative.Highs_version();
            failure = Optional.empty();
        } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
            failure = Optional.of("cannot load HiGHS (%s); it ships in com.google.ortools:ortools-linux-x86-64 for Linux x86-64, "
                    .formatted(e.getMessage()) + "or point -D" + PROPERTY + " at a libhighs.so");
        }
        return failure;
    }

    /** @return the loaded library's version, e.g. {@code 1.12.0} */
    static synchronized String version() {
        return version;
    }

    private static Path extract() throws IOException {
        try (InputStream in = HighsLibrary.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException(RESOURCE + " is not on the class path");
            }
            Path dir = Files.createTempDirectory("te-highs");
            Path so = dir.resolve("libhighs.so.1");
            Files.copy(in, so, StandardCopyOption.REPLACE_EXISTING);
            so.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            return so;
        }
    }
}
