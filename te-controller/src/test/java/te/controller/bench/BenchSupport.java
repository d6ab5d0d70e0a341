package te.controller.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.function.BooleanSupplier;
import te.controller.southbound.OpenFlowPublisher;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;

/** What the by-hand daemon benchmarks on Open vSwitch share: uploads, waits, clocks. */
final class BenchSupport {
    private BenchSupport() {
    }

    /** PUTs the demands, each scaled by {@code scale}, to the daemon at {@code base}. */
    static void upload(HttpClient http, String base, Topology t, TrafficMatrix tm, double scale) throws Exception {
        StringBuilder body = new StringBuilder("[");
        for (int i = 0; i < tm.size(); i++) {
            body.append(i == 0 ? "" : ",").append("{\"src\":\"").append(t.nodes().get(tm.src(i)).id()).append("\",\"dst\":\"")
                    .append(t.nodes().get(tm.dst(i)).id()).append("\",\"demand\":").append(tm.demandMbps(i) * scale).append('}');
        }
        http.send(HttpRequest.newBuilder(URI.create(base + "/v1/demands")).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body.append(']').toString())).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** @return whether allocation {@code version}'s push has ended */
    static boolean done(Map<Long, OpenFlowPublisher.Push> pushes, long version) {
        OpenFlowPublisher.Push p = pushes.get(version);
        return p != null && p.report().isDone();
    }

    /** @return seconds since {@code start} (a System.nanoTime reading) */
    static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    /** Polls every 5 ms; @throws IllegalStateException naming {@code what} after {@code seconds} */
    static void await(String what, int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("not within " + seconds + " s: " + what);
            }
            Thread.sleep(5);
        }
    }
}
