package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A state file that cannot be written: the client is told nothing was applied and when to retry, and nothing is. */
class StorageFailureTest {
    @Test
    void aWriteThatCannotBePersistedIs503WithNothingApplied(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.putJson(ApiEndpointsTest.THREE).statusCode()).isEqualTo(200);
            // A directory that is not empty where the demands file goes: the rename over it fails, as on a failing disk.
            Path file = dir.resolve("demands.state");
            Path kept = dir.resolve("demands.kept");
            Files.move(file, kept);
            Files.createDirectories(file.resolve("in-the-way"));

            HttpResponse<String> r = d.send("PATCH", "/v1/demands", "text/csv", "0,1,77\n");
            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(r.headers().firstValue("Retry-After")).contains("5");
            assertThat(r.body()).contains("cannot persist demands version 2").contains("nothing was applied");
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
            assertThat(d.get("/v1/demands").body()).doesNotContain("77");

            Files.delete(file.resolve("in-the-way"));
            Files.delete(file);
            Files.move(kept, file);
            assertThat(d.send("PATCH", "/v1/demands", "text/csv", "0,1,77\n").statusCode()).isEqualTo(200);
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("2");
        }
    }
}
