package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /v1/allocation?since=V}: applied to version V's commodities (each listed one replaced
 * or added, each removed pair dropped) it must give exactly the current allocation, for every
 * version seen along demand changes, a pair zeroed, a new pair and a link failure with its
 * pruning and re-solve; after a restart, versions from before it get the whole allocation.
 */
class AllocationChangesTest {

    /** Every version fetched whole as it was served, by version. */
    private final Map<Long, JsonNode> seen = new TreeMap<>();

    private JsonNode record(DaemonFixture d) {
        JsonNode full = DaemonFixture.json(d.get("/v1/allocation"));
        seen.put(full.get("version").asLong(), full);
        return full;
    }

    private static String pair(JsonNode c) {
        return c.get("src").asText() + "->" + c.get("dst").asText();
    }

    /** @return the commodities of {@code base} with {@code delta} applied, by pair */
    private static Map<String, JsonNode> apply(JsonNode base, JsonNode delta) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (!delta.get("full").asBoolean()) {
            base.get("commodities").forEach(c -> out.put(pair(c), c));
        }
        delta.get("removed").forEach(r -> assertThat(out.remove(pair(r))).as("removed pair %s was in the base", pair(r)).isNotNull());
        delta.get("commodities").forEach(c -> out.put(pair(c), c));
        return out;
    }

    private static Map<String, JsonNode> byPair(JsonNode allocation) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        allocation.get("commodities").forEach(c -> out.put(pair(c), c));
        return out;
    }

    /** The delta's summary fields are the current allocation's, plus since, full and removed. */
    private static void assertSameSummary(JsonNode delta, JsonNode current) {
        ObjectNode a = delta.deepCopy();
        ObjectNode b = current.deepCopy();
        for (String f : new String[] {"commodities", "since", "run", "full", "removed"}) {
            a.remove(f);
            b.remove(f);
        }
        assertThat(a).isEqualTo(b);
    }

    private void assertEveryDeltaRebuildsTheCurrent(DaemonFixture d, java.util.function.LongPredicate fullExpected) {
        JsonNode current = record(d);
        long now = current.get("version").asLong();
        for (Map.Entry<Long, JsonNode> e : seen.entrySet()) {
            JsonNode delta = DaemonFixture.json(d.get("/v1/allocation?since=" + e.getKey()));
            assertThat(delta.get("since").asLong()).isEqualTo(e.getKey());
            assertSameSummary(delta, current);
            assertThat(apply(e.getValue(), delta)).as("version %d + changes since it = version %d", e.getKey(), now)
                    .isEqualTo(byPair(current));
            if (e.getKey() == now) {
                assertThat(delta.get("full").asBoolean()).isFalse();
                assertThat(delta.get("commodities")).as("nothing changed since the current version").isEmpty();
                assertThat(delta.get("removed")).isEmpty();
            } else {
                assertThat(delta.get("full").asBoolean()).as("changes since %d are the whole allocation", e.getKey())
                        .isEqualTo(fullExpected.test(e.getKey()));
            }
        }
    }

    @Test
    void changesSinceAnyVersionSeenRebuildTheCurrentAllocation(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":300},{\"src\":\"0\",\"dst\":\"5\",\"demand\":200},"
                    + "{\"src\":\"2\",\"dst\":\"7\",\"demand\":50},{\"src\":\"3\",\"dst\":\"9\",\"demand\":80},{\"src\":\"10\",\"dst\":\"4\",\"demand\":40}]");
            d.awaitAllocationFor(1, 0);
            record(d);
            assertEveryDeltaRebuildsTheCurrent(d, v -> false);

            // One pair zeroed (it leaves), one changed, one new.
            d.send("PATCH", "/v1/demands", "text/csv; charset=utf-8", "src,dst,demand\n2,7,0\n3,9,81\n6,8,30\n");
            d.awaitAllocationFor(2, 0);
            long before = seen.keySet().iterator().next();
            JsonNode delta = DaemonFixture.json(d.get("/v1/allocation?since=" + before));
            assertThat(delta.get("removed")).extracting(AllocationChangesTest::pair).containsExactly("2->7");
            assertThat(delta.get("commodities")).extracting(AllocationChangesTest::pair).contains("3->9", "6->8").doesNotContain("2->7");
            // The churn of the newest version, in the status and the metrics.
            JsonNode latest = DaemonFixture.json(d.get("/v1/allocation"));
            long latestVersion = latest.get("version").asLong();
            int changed = DaemonFixture.json(d.get("/v1/allocation?since=" + (latestVersion - 1))).get("commodities").size();
            assertThat(DaemonFixture.json(d.get("/v1/status")).get("allocation").get("changedCommodities").asInt()).isEqualTo(changed);
            assertThat(d.get("/metrics").body()).contains("te_allocation_changed_commodities " + changed + ".0");
            assertEveryDeltaRebuildsTheCurrent(d, v -> false);

            // A link failure: pruned allocation, then the re-solve; then the pair comes back.
            JsonNode down = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null));
            d.awaitAllocationFor(2, down.get("topologyVersion").asLong());
            assertEveryDeltaRebuildsTheCurrent(d, v -> false);
            d.send("PATCH", "/v1/demands", "text/csv; charset=utf-8", "src,dst,demand\n2,7,50\n");
            d.awaitAllocationFor(3, down.get("topologyVersion").asLong());
            JsonNode back = DaemonFixture.json(d.get("/v1/allocation?since=" + before));
            assertThat(back.get("removed")).as("a pair that came back is not removed").isEmpty();
            assertEveryDeltaRebuildsTheCurrent(d, v -> false);

            // Refusals name the value.
            long now = DaemonFixture.json(d.get("/v1/allocation")).get("version").asLong();
            HttpResponse<String> future = d.get("/v1/allocation?since=" + (now + 1));
            assertThat(future.statusCode()).isEqualTo(400);
            assertThat(future.body()).contains("since=%d is newer than the current allocation version %d".formatted(now + 1, now));
            assertThat(d.get("/v1/allocation?since=-1").body()).contains("since: expected an allocation version").contains("'-1'");
            assertThat(d.get("/v1/allocation?since=abc").statusCode()).isEqualTo(400);
            // Arabic-Indic 1: Long.parseLong reads it as 1.
            assertThat(d.get("/v1/allocation?since=%D9%A1").statusCode()).isEqualTo(400);
            assertThat(d.get("/v1/allocation?since=+1").statusCode()).isEqualTo(400);
            assertThat(d.get("/v1/allocation?since=1&src=0&dst=1").body()).contains("does not combine with src and dst");
            // A version of another run (a lost state directory numbers from 1 again) gets everything.
            JsonNode mine = DaemonFixture.json(d.get("/v1/allocation?since=" + now));
            String run = mine.get("run").asText();
            assertThat(DaemonFixture.json(d.get("/v1/allocation?since=%d&run=%s".formatted(now, run))).get("full").asBoolean()).isFalse();
            JsonNode other = DaemonFixture.json(d.get("/v1/allocation?since=%d&run=x%s".formatted(now, run)));
            assertThat(other.get("full").asBoolean()).isTrue();
            assertThat(other.get("commodities").size()).isEqualTo(DaemonFixture.json(d.get("/v1/allocation")).get("commodities").size());
            assertThat(d.get("/v1/allocation?run=" + run).body()).contains("run goes with since");
        }
        // A restart knows the changes only from the allocation it loaded (the last one served, stored
        // under its number): older versions get the whole allocation, also once it has re-solved.
        long last = ((TreeMap<Long, JsonNode>) seen).lastKey();
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            long oldest = seen.keySet().iterator().next();
            assertThat(oldest).isLessThan(last);
            JsonNode status = DaemonFixture.json(d.get("/v1/status")).get("allocation");
            if (status.get("version").asLong() == last) { // not yet re-solved since the restart
                assertThat(status.get("changedCommodities").isNull()).as("nothing before a run's first allocation is known").isTrue();
            }
            assertThat(DaemonFixture.json(d.get("/v1/allocation?since=" + oldest)).get("full").asBoolean()).isTrue();
            // The start-up solve publishing between reading the current allocation and its deltas
            // would compare two versions: let it end first.
            d.awaitStatus(x -> x.path("solvesCompleted").asLong() >= 1 && !x.path("solving").asBoolean() && x.path("pending").isEmpty());
            assertEveryDeltaRebuildsTheCurrent(d, v -> v < last);
        }
    }
}
