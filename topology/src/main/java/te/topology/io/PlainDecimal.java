package te.topology.io;

import java.util.regex.Pattern;

/**
 * Numbers in input files as people write them: digits, an optional point and exponent. Java's
 * {@link Double#parseDouble} also takes {@code 0x1p40}, {@code 1e10d}, {@code 2.5f}, {@code NaN} and
 * {@code Infinity}, which no capacity or demand file means.
 */
public final class PlainDecimal {
    private static final Pattern PLAIN = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private PlainDecimal() {
    }

    /** @return the value of {@code text} (surrounding blanks ignored), or NaN if it is not a plain decimal */
    public static double parse(String text) {
        String t = text.strip();
        return PLAIN.matcher(t).matches() ? Double.parseDouble(t) : Double.NaN;
    }
}
