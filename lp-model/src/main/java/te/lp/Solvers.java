package te.lp;

import java.util.List;
import java.util.ServiceLoader;

/** Finds solver backends by name through {@link ServiceLoader}: never "whatever is on the classpath". */
public final class Solvers {
    /** The embedded default backend. */
    public static final String DEFAULT = "highs-warm";

    private Solvers() {
    }

    /** @return names of every backend on the class path, available or not */
    public static List<String> names() {
        return providers().stream().map(SolverProvider::name).sorted().toList();
    }

    /**
     * @return the named backend
     * @throws IllegalArgumentException if no backend has that name, or it cannot run here (the
     *                                  message says why and how to fix it)
     */
    public static TeSolver byName(String name) {
        SolverProvider provider = providers().stream().filter(p -> p.name().equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown solver '%s', expected one of %s".formatted(name, names())));
        provider.unavailableReason().ifPresent(reason -> {
            throw new IllegalArgumentException("solver '%s' is not available: %s".formatted(provider.name(), reason));
        });
        return provider.create();
    }

    private static List<SolverProvider> providers() {
        return ServiceLoader.load(SolverProvider.class).stream().map(ServiceLoader.Provider::get).toList();
    }
}
