package te.topology.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Jackson's reasons, as an operator who broke a file by hand meets them, in the project's words. */
class JsonSyntaxTest {
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {"a":[1,2            | the text ends before the array opened at line 1, column 6 is closed
            {"a":{"b":1          | the text ends before the object opened at line 1, column 6 is closed
            {"a":1]              | unexpected ']': expected '}' to close the object opened at line 1, column 1
            {"a":"xx             | the text ends inside a string
            {"a                  | the text ends inside a field name
            {"a":                | the text ends before the JSON value is complete
            {"a":tru}            | 'tru' is not a JSON value (expected a string, number, array, object, true, false or null)
            {'a':1}              | unexpected character ''': expected double-quote to start field name
            {"a":[1,]}           | unexpected character ']': expected a string, number, array, object, true, false or null
            {"a":1} {}           | more follows the JSON value
            {"a":01}             | a number must not start with 0
            {"a":"\\q"}          | '\\q' is not a JSON escape
            {"a":NaN}            | 'NaN' is not a JSON number
            {"a":+1}             | unexpected character '+' in numeric value: JSON spec does not allow numbers to have plus signs
            {"a":1}//c           | unexpected character '/': JSON has no comments
            {"a":1,"a":2}        | field 'a' given twice
            """)
    void namesWhatWasWrittenAndWhatWasExpected(String json, String why) {
        assertThat(JsonSyntax.why(refusal(json))).isEqualTo(why);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            {"a":[1,2
            {"a":1] 
            {"a":1} {}
            {"a":NaN}
            {"a":1}//c
            {"a":+1}
            """)
    void namesNoneOfJacksonsClassesSwitchesOrRedactedSources(String json) {
        assertThat(JsonSyntax.why(refusal(json))).doesNotContain("Source").doesNotContain("REDACTED").doesNotContain("Feature")
                .doesNotContain("`").doesNotContain("enable");
    }

    @org.junit.jupiter.api.Test
    void aControlCharacterInsideAStringIsNamedByItsCode() {
        assertThat(JsonSyntax.why(refusal("{\"a\":\"x\ny\"}")))
                .isEqualTo("control character (code 10) inside a string; expected it escaped (\\n, \\t, \\u00XX)");
    }

    private static JsonProcessingException refusal(String json) {
        return catchThrowableOfType(JsonProcessingException.class, () -> STRICT.readTree(json));
    }
}
