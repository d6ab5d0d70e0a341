package te.topology.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Why a JSON text was refused, in terms of what was sent rather than of the parser that read it. */
public final class JsonSyntax {
    private static final Pattern NON_NUMERIC = Pattern.compile("^Non-standard token '([^']*)'");
    private static final String ANY_VALUE = "a string, number, array, object, true, false or null";

    /** One of Jackson's phrasings and the project's words for it; applied in order, each to what the ones before left. */
    private record Rewording(Pattern jackson, Function<MatchResult, String> ours) {
        /** @param ours a replacement with {@code $1}-style groups, as {@link Matcher#replaceAll(String)} takes */
        Rewording(String jackson, String ours) {
            this(Pattern.compile(jackson), m -> m.group().replaceFirst(jackson, ours));
        }

        String apply(String text) {
            return jackson.matcher(text).replaceAll(m -> Matcher.quoteReplacement(ours.apply(m)));
        }
    }

    /** Names an array or object as a sentence does ("Array" in Jackson's words). */
    private static String kind(MatchResult m, int group) {
        return m.group(group).toLowerCase(Locale.ROOT);
    }

    private static final List<Rewording> REWORDINGS = List.of(
            // Where an unclosed array or object began, without the "[Source: REDACTED ...]" that names Jackson's switch.
            new Rewording(Pattern.compile("^Unexpected end-of-input: expected close marker for (Array|Object) \\(start marker at "
                    + "\\[Source: [^;]*; line: (\\d+), column: (\\d+)\\]\\)"), m -> "the text ends before the %s opened at line %s, "
                    .formatted(kind(m, 1), m.group(2)) + "column %s is closed".formatted(m.group(3))),
            new Rewording(Pattern.compile("^Unexpected close marker '(.)': expected '(.)' \\(for (Array|Object) starting at "
                    + "\\[Source: [^;]*; line: (\\d+), column: (\\d+)\\]\\)"), m -> "unexpected '%s': expected '%s' to close the %s "
                    .formatted(m.group(1), m.group(2), kind(m, 3)) + "opened at line %s, column %s".formatted(m.group(4), m.group(5))),
            new Rewording("^Unexpected end-of-input: was expecting closing quote for a string value", "the text ends inside a string"),
            new Rewording("^Unexpected end-of-input in field name", "the text ends inside a field name"),
            new Rewording("^Unexpected end-of-input.*", "the text ends before the JSON value is complete"),
            new Rewording("^Trailing token .*", "more follows the JSON value"),
            new Rewording("^Duplicate field '(.*)'$", "field '$1' given twice"),
            new Rewording("^Unrecognized token '(.*)': was expecting \\(JSON String, Number, Array, Object or token 'null', 'true' or 'false'\\)",
                    "'$1' is not a JSON value (expected " + ANY_VALUE + ")"),
            new Rewording("^Unrecognized character escape '(.)' \\(code \\d+\\)", "'\\\\$1' is not a JSON escape"),
            new Rewording("^Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\): has to be escaped using backslash to be "
                    + "included in string value", "control character (code $1) inside a string; expected it escaped (\\\\n, \\\\t, \\\\u00XX)"),
            new Rewording("^Unexpected character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)", "unexpected control character (code $1)"),
            new Rewording("^Unexpected character \\('(.+)' \\(code \\d+\\)\\)", "unexpected character '$1'"),
            new Rewording(": maybe a \\(non-standard\\) comment\\?", ": JSON has no comments"),
            new Rewording("expected a valid value \\(JSON String, Number, Array, Object or token 'null', 'true' or 'false'\\)",
                    "expected " + ANY_VALUE),
            new Rewording(": expected a value$", ": expected " + ANY_VALUE),
            new Rewording("was expecting", "expected"),
            new Rewording("^Invalid numeric value: Leading zeroes not allowed", "a number must not start with 0"));

    private JsonSyntax() {
    }

    /**
     * @return the first line of Jackson's reason, in this project's words: without its hints that
     *         name its own parser switches ("enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to
     *         allow", "Feature 'ALLOW_COMMENTS' not enabled"), its classes (trailing content after
     *         the value) or its redacted source ("[Source: REDACTED ...]" where an unclosed array
     *         began), which no client can act on; NaN and Infinity are said to be no JSON numbers
     */
    public static String why(JsonProcessingException e) {
        String first = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
        Matcher m = NON_NUMERIC.matcher(first);
        if (m.find()) {
            return "'%s' is not a JSON number".formatted(m.group(1));
        }
        String text = first.replaceAll(":? *(?:enable|Enable) `[A-Za-z.]+Feature\\.[A-Z_]+`.*", "")
                .replaceAll(" *\\(not recognized as one since Feature '[A-Z_]+' not enabled for parser\\)", "")
                .strip();
        for (Rewording r : REWORDINGS) {
            text = r.apply(text);
        }
        return text;
    }
}
