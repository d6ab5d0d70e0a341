package te.topology.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Why a JSON text was refused, in terms of what was sent rather than of the parser that read it. */
public final class JsonSyntax {
    private static final Pattern NON_NUMERIC = Pattern.compile("^Non-standard token '([^']*)'");

    private JsonSyntax() {
    }

    /**
     * @return the first line of Jackson's reason, without its hints that name its own parser
     *         switches ("enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow", "Feature
     *         'ALLOW_COMMENTS' not enabled"), which no client can set; NaN and Infinity are said to
     *         be no JSON numbers
     */
    public static String why(JsonProcessingException e) {
        String first = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
        Matcher m = NON_NUMERIC.matcher(first);
        if (m.find()) {
            return "'%s' is not a JSON number".formatted(m.group(1));
        }
        return first.replaceAll(":? *(?:enable|Enable) `[A-Za-z.]+Feature\\.[A-Z_]+`.*", "")
                .replaceAll(" *\\(not recognized as one since Feature '[A-Z_]+' not enabled for parser\\)", "")
                .strip();
    }
}
