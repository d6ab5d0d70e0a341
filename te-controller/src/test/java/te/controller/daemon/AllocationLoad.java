package te.controller.daemon;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Not a test: a load generator for the closing note's latency figure. {@code C} clients, each on
 * its own connection, GET a URL {@code N} times back to back; prints p50/p90/p99/max in ms.
 * Run: {@code java -cp te.jar:target/test-classes te.controller.daemon.AllocationLoad URL C N [gzip]}; with
 * {@code gzip} the requests accept gzip and the time is to the last compressed byte (no inflating).
 */
public final class AllocationLoad {
    private AllocationLoad() {
    }

    /** @param args URL, clients, requests per client */
    public static void main(String[] args) throws Exception {
        URI uri = URI.create(args[0]);
        int clients = Integer.parseInt(args[1]);
        int requests = Integer.parseInt(args[2]);
        boolean gzip = args.length > 3 && args[3].equals("gzip");
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<long[]>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            futures.add(pool.submit(() -> {
                HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                long[] nanos = new long[requests];
                for (int i = 0; i < requests; i++) {
                    long t = System.nanoTime();
                    HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(uri).header("Accept-Encoding", gzip ? "gzip" : "identity").build(), HttpResponse.BodyHandlers.ofByteArray());
                    nanos[i] = System.nanoTime() - t;
                    if (r.statusCode() != 200) {
                        throw new IllegalStateException("HTTP " + r.statusCode());
                    }
                }
                return nanos;
            }));
        }
        long[] all = new long[clients * requests];
        int k = 0;
        for (Future<long[]> f : futures) {
            for (long n : f.get()) {
                all[k++] = n;
            }
        }
        double wall = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        Arrays.sort(all);
        System.out.printf("%d requests by %d clients in %.2f s: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms%n", all.length, clients,
                wall, pct(all, 0.50), pct(all, 0.90), pct(all, 0.99), all[all.length - 1] / 1e6);
    }

    private static double pct(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }
}
