package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/openapi.yaml is hand-written: it must be valid OpenAPI 3 and document exactly the
 * (method, path template) pairs the daemon's router serves. HEAD is not compared: the router
 * answers it for every GET, and the document says so once in its description.
 */
class OpenApiDocumentTest {
    /**
     * Surefire sets te.repo.root to where Maven started: the reactor root, or this module when it is
     * built alone, whose parent is then the root.
     */
    static final Path DOCUMENT = java.util.stream.Stream.of(System.getProperty("te.repo.root", ".."), "..")
            .map(root -> Path.of(root, "docs", "openapi.yaml")).filter(Files::isRegularFile).findFirst()
            .orElse(Path.of("..", "docs", "openapi.yaml"));

    @TempDir
    Path dir;

    @Test
    void documentIsValidOpenApi3() {
        SwaggerParseResult result = parse();
        assertThat(result.getMessages()).as("%s: the OpenAPI parser's messages", DOCUMENT).isEmpty();
        assertThat(result.getOpenAPI()).as("%s: parsed model", DOCUMENT).isNotNull();
        assertThat(result.getOpenAPI().getOpenapi()).as("%s: openapi version", DOCUMENT).startsWith("3.");
    }

    /** swagger-parser 2.1.25 reports a $ref to a component of the wrong kind, but not one to a missing component. */
    @Test
    void everyInternalRefNamesSomethingInTheDocument() throws IOException {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(DOCUMENT.toFile());
        List<String> dangling = root.findValuesAsText("$ref").stream()
                .filter(ref -> ref.startsWith("#/") && root.at(ref.substring(1)).isMissingNode()).sorted().toList();
        assertThat(dangling).as("%s: $refs naming nothing", DOCUMENT).isEmpty();
    }

    @Test
    void documentedOperationsAreTheServedRoutes() {
        Set<String> served;
        // A real daemon rather than the resources one by one: Daemon.start decides which resources are mounted.
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            served = d.daemon.routes().stream().map(r -> r.method() + " " + r.template())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> documented = documentedOperations(parse().getOpenAPI());

        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(minus(served, documented)).as("served by the daemon but missing from %s", DOCUMENT).isEmpty();
        softly.assertThat(minus(documented, served)).as("documented in %s but not served", DOCUMENT).isEmpty();
        softly.assertAll();
    }

    private static Set<String> documentedOperations(OpenAPI api) {
        assertThat(api).as("%s did not parse; see documentIsValidOpenApi3", DOCUMENT).isNotNull();
        Set<String> out = new TreeSet<>();
        api.getPaths().forEach((path, item) -> item.readOperationsMap().keySet().forEach(m -> out.add(m.name() + " " + path)));
        return out;
    }

    private static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> out = new TreeSet<>(a);
        out.removeAll(b);
        return out;
    }

    private static SwaggerParseResult parse() {
        ParseOptions options = new ParseOptions();
        // Reports a $ref to the wrong kind of component (a schema where a response belongs).
        options.setValidateInternalRefs(true);
        try {
            return new OpenAPIV3Parser().readContents(Files.readString(DOCUMENT), null, options);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + DOCUMENT.toAbsolutePath(), e);
        }
    }
}
