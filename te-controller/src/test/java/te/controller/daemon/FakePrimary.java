package te.controller.daemon;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** A scripted primary: answers by path, honours If-None-Match on the demands, counts full demand bodies. */
final class FakePrimary implements AutoCloseable {
    final HttpServer server;
    final Map<String, String> bodies = new java.util.concurrent.ConcurrentHashMap<>();
    volatile String demandTag = "\"d1.boot\"";
    volatile String demandVersion = "1";
    final java.util.concurrent.atomic.AtomicInteger demandBodies = new java.util.concurrent.atomic.AtomicInteger();
    volatile boolean stallDemands;

    FakePrimary() throws java.io.IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        bodies.put("/v1/topology", topology(0, ""));
        bodies.put("/v1/demands", "[]");
        server.createContext("/", x -> {
            String path = x.getRequestURI().getPath();
            byte[] body = bodies.getOrDefault(path, "{}").getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().add("Content-Type", "application/json");
            if (path.equals("/v1/demands")) {
                if (demandTag.equals(x.getRequestHeaders().getFirst("If-None-Match"))) {
                    x.sendResponseHeaders(304, -1);
                    x.close();
                    return;
                }
                x.getResponseHeaders().add("ETag", demandTag);
                x.getResponseHeaders().add("X-TE-Demand-Version", demandVersion);
                if (stallDemands) { // headers and half the body, then nothing
                    x.sendResponseHeaders(200, body.length * 2L);
                    x.getResponseBody().write(body);
                    x.getResponseBody().flush();
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    x.close();
                    return;
                }
                demandBodies.incrementAndGet();
            }
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
    }

    static String topology(long version, String downLinks) {
        return "{\"name\":\"Abilene\",\"contentHash\":\"%s\",\"topologyVersion\":%d,\"links\":[],\"downLinks\":[%s]}"
                .formatted(DaemonFixture.ABILENE.contentHash(), version, downLinks);
    }

    String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
