package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.topology.NodePairs;

/**
 * 50 clients patching their own pair and reading demands and allocations at once. Every
 * acknowledged version is unique and the final state has every client's last acknowledged value
 * (no lost update); every read equals the state replayed from the acknowledgements up to the
 * version it carries (no torn read); every allocation read passes the checker.
 */
class ConcurrencyTest {
    static final int CLIENTS = 50;
    static final int ROUNDS = 20;

    /** One acknowledged PATCH: the version it created, and the pair and demand it set. */
    record Ack(long version, String src, String dst, double demand) {
    }

    /** One GET /v1/demands: the version header and the parsed pair→demand map. */
    record Read(long version, Map<String, Double> demands) {
    }

    @Test
    void noLostUpdatesAndNoTornReads(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            int[][] pairs = NodePairs.allOrdered(d.topology.nodeCount());
            List<Ack> acks = new ArrayList<>();
            List<Read> reads = new ArrayList<>();
            Map<Integer, Double> lastAcked = new ConcurrentHashMap<>();
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                String src = d.topology.nodes().get(pairs[0][client]).id();
                String dst = d.topology.nodes().get(pairs[1][client]).id();
                done.add(pool.submit(() -> {
                    go.await();
                    for (int round = 0; round < ROUNDS; round++) {
                        if (round % 2 == 0) {
                            double demand = client * 100 + round + 1;
                            HttpResponse<String> r = d.send("PATCH", "/v1/demands", "text/csv", src + "," + dst + "," + demand + "\n");
                            assertThat(r.statusCode()).isEqualTo(200);
                            synchronized (acks) {
                                acks.add(new Ack(DaemonFixture.json(r).get("demandVersion").asLong(), src, dst, demand));
                            }
                            lastAcked.put(client, demand);
                        } else if (round % 5 == 0) {
                            HttpResponse<String> a = d.get("/v1/allocation");
                            assertThat(a.statusCode()).isEqualTo(200);
                            assertThat(a.headers().firstValue("X-TE-Allocation-Version")).contains(DaemonFixture.json(a).get("version").asText());
                            d.checkedAllocation(a.body(), List.of());
                        } else {
                            HttpResponse<String> r = d.get("/v1/demands");
                            Read read = new Read(Long.parseLong(r.headers().firstValue("X-TE-Demand-Version").orElseThrow()), parse(r.body()));
                            synchronized (reads) {
                                reads.add(read);
                            }
                        }
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> f : done) {
                f.get();
            }
            pool.shutdown();

            // Versions: one per acknowledged PATCH, no gaps, no repeats.
            acks.sort((x, y) -> Long.compare(x.version(), y.version()));
            assertThat(acks).hasSize(CLIENTS * ROUNDS / 2);
            for (int i = 0; i < acks.size(); i++) {
                assertThat(acks.get(i).version()).isEqualTo(i + 1);
            }
            // No lost update: the final state is the last acknowledged version with every client's last value.
            HttpResponse<String> last = d.get("/v1/demands");
            assertThat(last.headers().firstValue("X-TE-Demand-Version")).contains(Long.toString(acks.size()));
            Map<String, Double> finalState = parse(last.body());
            assertThat(finalState).isEqualTo(replay(acks, acks.size()));
            for (int c = 0; c < CLIENTS; c++) {
                String key = d.topology.nodes().get(pairs[0][c]).id() + ">" + d.topology.nodes().get(pairs[1][c]).id();
                assertThat(finalState.get(key)).isEqualTo(lastAcked.get(c));
            }
            // No torn read: every read is exactly the state at its version.
            assertThat(reads).isNotEmpty();
            for (Read r : reads) {
                assertThat(r.demands()).as("read at version %d", r.version()).isEqualTo(replay(acks, r.version()));
            }
            // The allocation catches up with the last version and is feasible.
            d.awaitAllocationFor(acks.size(), 0);
            d.checkedAllocation(d.get("/v1/allocation").body(), List.of());
        }
    }

    private static Map<String, Double> replay(List<Ack> acks, long upTo) {
        Map<String, Double> state = new TreeMap<>();
        for (Ack a : acks) {
            if (a.version() <= upTo) {
                state.put(a.src() + ">" + a.dst(), a.demand());
            }
        }
        return state;
    }

    private static Map<String, Double> parse(String body) throws Exception {
        Map<String, Double> out = new TreeMap<>();
        for (JsonNode e : DaemonFixture.JSON.readTree(body).get("demands")) {
            out.put(e.get("src").asText() + ">" + e.get("dst").asText(), e.get("demand").asDouble());
        }
        return out;
    }
}
