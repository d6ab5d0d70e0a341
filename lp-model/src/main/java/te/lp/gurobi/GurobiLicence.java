package te.lp.gurobi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds a Gurobi licence where Gurobi itself looks for one: {@code $GRB_LICENSE_FILE}, then
 * {@code gurobi.lic} in the home directory, {@code /opt/gurobi} and {@code /opt/gurobi*}/; when one
 * exists, starts an environment once, because only that proves the natives (the default build
 * carries just Gurobi's API jar) and the licence work.
 */
final class GurobiLicence {
    private GurobiLicence() {
    }

    /** @return why Gurobi cannot run here, or empty when a licence and the natives are present */
    static Optional<String> unavailableReason() {
        Optional<Path> licence = find();
        if (licence.isEmpty()) {
            return Optional.of("no Gurobi licence found (looked at $GRB_LICENSE_FILE, ~/gurobi.lic, /opt/gurobi*/gurobi.lic); "
                    + "set GRB_LICENSE_FILE or use --solver highs");
        }
        return startEnvironment(licence.get());
    }

    private static Optional<String> cached;

    /** Starting an environment is the only sure test of natives and licence; done once per JVM. */
    private static synchronized Optional<String> startEnvironment(Path licence) {
        if (cached == null) {
            try {
                com.gurobi.gurobi.GRBEnv env = new com.gurobi.gurobi.GRBEnv(true);
                env.set(com.gurobi.gurobi.GRB.IntParam.OutputFlag, 0);
                env.start();
                env.dispose();
                cached = Optional.empty();
            } catch (UnsatisfiedLinkError | NoClassDefFoundError | ExceptionInInitializerError e) {
                cached = Optional.of("licence " + licence + " found but Gurobi's native libraries are not on the class path ("
                        + e.getMessage() + "); build with 'mvn -Pgurobi package' to bundle com.gurobi:gurobi, or use --solver highs");
            } catch (com.gurobi.gurobi.GRBException e) {
                cached = Optional.of("Gurobi cannot start with licence %s: error %d %s; fix the licence or use --solver highs"
                        .formatted(licence, e.getErrorCode(), e.getMessage()));
            }
        }
        return cached;
    }

    static Optional<Path> find() {
        List<Path> candidates = new ArrayList<>();
        String env = System.getenv("GRB_LICENSE_FILE");
        if (env != null && !env.isBlank()) {
            candidates.add(Path.of(env));
        }
        candidates.add(Path.of(System.getProperty("user.home"), "gurobi.lic"));
        candidates.add(Path.of("/opt/gurobi/gurobi.lic"));
        try (var dirs = Files.list(Path.of("/opt"))) {
            dirs.filter(d -> d.getFileName().toString().startsWith("gurobi")).sorted()
                    .forEach(d -> candidates.add(d.resolve("gurobi.lic")));
        } catch (java.io.IOException | RuntimeException e) {
            // No /opt: nothing more to look at.
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst();
    }
}
