package te.controller.bench;

import static te.controller.bench.BenchSupport.await;
import static te.controller.bench.BenchSupport.done;
import static te.controller.bench.BenchSupport.seconds;
import static te.controller.bench.BenchSupport.upload;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import te.controller.daemon.Daemon;
import te.controller.daemon.DaemonSettings;
import te.controller.daemon.ListenAddress;
import te.controller.daemon.solve.SolveSettings;
import te.controller.southbound.ConventionalWiring;
import te.controller.southbound.FlapDamping;
import te.controller.southbound.OpenFlowPublisher;
import te.controller.southbound.OvsBridges;
import te.controller.southbound.PortLinkMonitor;
import te.lp.Objective;
import te.lp.Solvers;
import te.southbound.RoleClaim;
import te.southbound.SouthboundConfig;
import te.southbound.openflow.ControllerRole;
import te.southbound.openflow.OfMessage;
import te.southbound.ovs.OvsSandbox;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

/**
 * A primary and a standby daemon on a Topology Zoo network in Open vSwitch (a bridge per node, every
 * bridge connected to both): both solve the same demands, only the primary's allocation reaches the
 * switches; then {@code POST /v1/openflow/role} makes the standby master, and this prints how long
 * the switches took to answer, how long until the new master had read every bridge, adopted what
 * it found and confirmed its allocation, what it sent, when the old primary saw it was replaced,
 * and how the new master handles the next demand change. Run by hand (root, OVS): args NAME
 * [TRAFFIC], e.g. Cogentco gravity:1,16.
 */
public final class RoleFailoverOnOvs {
    private RoleFailoverOnOvs() {
    }

    /** One daemon with its switches, the pushes of its allocations and the mods it sent. */
    private record Side(OpenFlowPublisher switches, Daemon daemon, Map<Long, OpenFlowPublisher.Push> pushes, Map<String, Long> mods) {
        String base() {
            return "http://127.0.0.1:" + daemon.port();
        }

        long sent() {
            return mods.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "Cogentco";
        String traffic = args.length > 1 ? args[1] : "gravity:1,16";
        Topology t = TopologyCatalog.discover().load(name);
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);
        TrafficMatrix tm = TrafficSpec.parse(traffic).generate(t);
        ConventionalWiring wiring = new ConventionalWiring(t);
        System.out.printf("%s %s: %d nodes, %d arcs, %d commodities, every bridge connected to a primary and a standby%n", name,
                traffic, t.nodeCount(), t.arcCount(), tm.size());
        try (OvsSandbox ovs = OvsSandbox.start()) {
            ovs.vsctl(OvsBridges.of(t, wiring).toArray(String[]::new));
            Side primary = start(t, paths, wiring, new RoleClaim(ControllerRole.MASTER, 1));
            Side standby = start(t, paths, wiring, new RoleClaim(ControllerRole.SLAVE, 1));
            try {
                ovs.vsctl(OvsBridges.controllers(t, primary.switches().localAddress().getPort(),
                        standby.switches().localAddress().getPort()).toArray(String[]::new));
                await("both see every bridge", 180, () -> primary.switches().switches().size() == t.nodeCount()
                        && standby.switches().switches().size() == t.nodeCount());
                HttpClient http = HttpClient.newHttpClient();
                long start = System.nanoTime();
                upload(http, primary.base(), t, tm, 1.0);
                upload(http, standby.base(), t, tm, 1.0);
                await("the primary's allocation on the switches", 900, () -> done(primary.pushes(), 1));
                await("the standby's allocation handled", 900, () -> done(standby.pushes(), 1));
                System.out.printf("primary: allocation on the switches %.2f s after the upload, %d mods: %s%n", seconds(start),
                        primary.sent(), primary.pushes().get(1L).report().join().summary());
                System.out.printf("standby: %d mods: %s%n", standby.sent(), standby.pushes().get(1L).report().join().summary());
                primary.mods().clear();

                long t0 = System.nanoTime();
                java.util.concurrent.CompletableFuture<Double> replaced = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try {
                        await("the old primary sees it was replaced", 120, () -> primary.switches().switches().stream()
                                .allMatch(s -> !s.role().programs()));
                        return seconds(t0);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
                HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(standby.base() + "/v1/openflow/role"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"role\":\"master\",\"generation\":2}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                System.out.printf("failover: POST /v1/openflow/role answered %d after %.2f s (every bridge's answer in)%n",
                        answer.statusCode(), seconds(t0));
                OpenFlowPublisher.Push again = standby.switches().lastPush();
                await("the new master's allocation confirmed", 900, () -> again.report().isDone());
                System.out.printf("  new master: every bridge read, ids adopted, allocation confirmed %.2f s after the POST, %d mods: %s%n",
                        seconds(t0), standby.sent(), again.report().join().summary());
                System.out.printf("  old primary: every bridge seen taken over %.2f s after the POST (its role check runs every echo "
                        + "interval, 5 s); it sent %d mods since%n", replaced.join(), primary.sent());

                standby.mods().clear();
                long t1 = System.nanoTime();
                upload(http, standby.base(), t, tm, 0.9);
                await("the new master's next allocation published", 600, () -> standby.pushes().containsKey(2L));
                await("the new master's next allocation confirmed", 900, () -> done(standby.pushes(), 2));
                System.out.printf("new master, demands × 0.9: allocation on the switches %.2f s after the upload, %d mods: %s%n",
                        seconds(t1), standby.sent(), standby.pushes().get(2L).report().join().summary());
            } finally {
                standby.daemon().close();
                standby.switches().close();
                primary.daemon().close();
                primary.switches().close();
            }
        }
    }

    private static Side start(Topology t, PathSet paths, ConventionalWiring wiring, RoleClaim claim) throws Exception {
        Map<String, Long> mods = new ConcurrentHashMap<>();
        // One ovs-vswitchd holds every bridge: while it works through one bridge's mods the others
        // answer no echo, which separate switches would. Death after 60 s, not 15.
        OpenFlowPublisher switches = OpenFlowPublisher.start(t, wiring, SouthboundConfig.defaults()
                .withListen(new InetSocketAddress("127.0.0.1", 0)).withKeepalive(5_000, 60_000).withRole(claim)
                .withMessageLog((dpid, m) -> {
                    if (m instanceof OfMessage.FlowMod || m instanceof OfMessage.GroupMod) {
                        mods.merge(m.getClass().getSimpleName(), 1L, Long::sum);
                    }
                }), PortLinkMonitor.DEFAULT_UP_HOLD_MILLIS, FlapDamping.DEFAULT);
        Map<Long, OpenFlowPublisher.Push> pushes = new ConcurrentHashMap<>();
        DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", 0), Files.createTempDirectory("te-role-"),
                Optional.empty(), Duration.ofHours(1), 1 << 30);
        SolveSettings solve = new SolveSettings(Objective.TOTAL_FLOW, Solvers.byName("highs-warm"), 1, 0, 600, 2);
        Daemon daemon = Daemon.start(t, paths, settings, solve, a -> {
            switches.publish(a);
            pushes.put(a.version(), switches.lastPush());
        });
        switches.followPorts(daemon::links, daemon::reportSwitchPorts);
        daemon.showSwitches(switches);
        return new Side(switches, daemon, pushes, mods);
    }
}
