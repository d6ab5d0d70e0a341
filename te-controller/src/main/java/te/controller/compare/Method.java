package te.controller.compare;

/**
 * One way of solving an instance in a comparison.
 *
 * @param kind        full LP, POP or CSPF
 * @param k           POP's sub-problem count (1 otherwise)
 * @param clientSplit POP's client-splitting threshold (0 otherwise)
 */
public record Method(Kind kind, int k, double clientSplit) {
    /** What a method is. */
    public enum Kind { FULL_LP, POP, CSPF }

    /** @return the full LP */
    public static Method fullLp() {
        return new Method(Kind.FULL_LP, 1, 0);
    }

    /** @return POP with k sub-problems and client-splitting threshold t */
    public static Method pop(int k, double t) {
        return new Method(Kind.POP, k, t);
    }

    /** @return the CSPF heuristic */
    public static Method cspf() {
        return new Method(Kind.CSPF, 1, 0);
    }

    /** @return a short label, e.g. {@code POP-16} or {@code POP-16 t=0.75} */
    public String label() {
        return switch (kind) {
            case FULL_LP -> "full LP";
            case CSPF -> "CSPF";
            case POP -> clientSplit > 0 ? "POP-%d t=%s".formatted(k, clientSplit) : "POP-" + k;
        };
    }
}
