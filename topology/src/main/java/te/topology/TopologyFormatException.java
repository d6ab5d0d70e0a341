package te.topology;

/**
 * A topology file could not be read. The message names the file, the offending element and what
 * was expected; no partially loaded topology is ever returned alongside it.
 */
public class TopologyFormatException extends RuntimeException {
    /**
     * @param source  file name or other description of the input
     * @param element the element at fault (e.g. {@code "edge 12 (3->7)"}), or {@code null} for the whole file
     * @param problem what was wrong and what was expected
     */
    public TopologyFormatException(String source, String element, String problem) {
        super(format(source, element, problem));
    }

    /** Same as {@link #TopologyFormatException(String, String, String)} with the underlying cause. */
    public TopologyFormatException(String source, String element, String problem, Throwable cause) {
        super(format(source, element, problem), cause);
    }

    private static String format(String source, String element, String problem) {
        return element == null
                ? "%s: %s".formatted(source, problem)
                : "%s: %s: %s".formatted(source, element, problem);
    }
}
