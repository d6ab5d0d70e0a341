package te.topology.io;

import java.util.regex.Pattern;

/**
 * Numbers in input files as people write them: digits, an optional point and exponent. Java's
 * {@link Double#parseDouble} also takes {@code 0x1p40}, {@code 1e10d}, {@code 2.5f}, {@code NaN} and
 * {@code Infinity}, which no capacity or demand file means. It also reads a number too small for a
 * double ({@code 1e-400}) as 0 without a word: callers refuse those with {@link #underflows} and
 * {@link #tooSmall}, as they name one beyond a double's range (infinite) as typed.
 */
public final class PlainDecimal {
    private static final Pattern PLAIN = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private PlainDecimal() {
    }

    /**
     * @return {@code value} as a plain decimal that {@link #parse} reads back as the same double:
     *         the fewest digits that do, without an exponent ({@code 16}, {@code 0.000001}) unless
     *         that would take more than 20 characters ({@code 1e+308}, {@code 1e-20}); not
     *         {@link Double#toString}'s {@code 16.0} and {@code 1.0E-6}
     * @throws IllegalArgumentException for NaN or an infinity, which no plain decimal writes
     */
    public static String format(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("%s has no plain decimal form".formatted(value));
        }
        java.math.BigDecimal shortest = java.math.BigDecimal.valueOf(value).stripTrailingZeros();
        String plain = shortest.toPlainString();
        return plain.length() <= 20 ? plain : shortest.toString().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * @return whether {@code text} is a plain decimal that is not 0 but reads as 0, being below the
     *         least a double holds ({@code 1e-400}, {@code -0.5e-330})
     */
    public static boolean underflows(String text) {
        String t = text.strip();
        java.util.regex.Matcher m = PLAIN.matcher(t);
        return m.matches() && Double.parseDouble(t) == 0 && m.group(1).matches(".*[1-9].*");
    }

    /** @return what to say of a number that {@link #underflows}: "'1e-400' is too small a number (…)" */
    public static String tooSmall(String text) {
        return "'%s' is too small a number (not 0, but below 4.9e-324, the least a double holds: it would read as 0)".formatted(text.strip());
    }

    /** @return the value of {@code text} (surrounding blanks ignored), or NaN if it is not a plain decimal */
    public static double parse(String text) {
        String t = text.strip();
        return PLAIN.matcher(t).matches() ? Double.parseDouble(t) : Double.NaN;
    }
}
