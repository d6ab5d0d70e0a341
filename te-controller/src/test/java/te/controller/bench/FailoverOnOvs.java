package te.controller.bench;

import static te.controller.bench.BenchSupport.await;
import static te.controller.bench.BenchSupport.done;
import static te.controller.bench.BenchSupport.seconds;
import static te.controller.bench.BenchSupport.upload;

import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import te.controller.daemon.Daemon;
import te.controller.daemon.DaemonSettings;
import te.controller.daemon.ListenAddress;
import te.controller.daemon.solve.SolveSettings;
import te.controller.southbound.ConventionalWiring;
import te.controller.southbound.OpenFlowPublisher;
import te.controller.southbound.OvsBridges;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.southbound.ovs.OvsSandbox;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

/**
 * Failure reaction end to end on a Topology Zoo network in Open vSwitch (a bridge per node, patch
 * ports, the busiest link a veth pair): the daemon solves and pushes, then the veth is set down
 * the way a cut fibre would be, and this prints when the daemon saw it, when the pruned allocation
 * was served and on the switches, and the same for the re-solve. Run by hand (root, OVS):
 * args NAME [TRAFFIC [WARM]], e.g. Cogentco gravity:1,16 3. WARM demand uploads (alternately at 90 %
 * and 100 %) are re-solved and pushed before the cut, as a running daemon's are: without them the
 * failure's pushes are the first the pusher patches, and its code is not yet compiled by the JIT.
 * {@code -Dte.bundles=true} sends each phase as one bundle ({@code --openflow-bundles}).
 *
 * <p>{@code -Dte.flap=PERIOD_MS,COUNT} flaps the veth instead (down for 0.5 s, COUNT times, one
 * every PERIOD_MS) and prints how many link-state changes, allocation versions and OpenFlow
 * messages that made; {@code -Dte.damping=off|HALF-LIFE,REUSE,SUPPRESS,MAX-SUPPRESS} sets the
 * flap damping ({@code --link-damping}; default the daemon's).
 */
public final class FailoverOnOvs {
    private static final String VETH_A = "te-fo-a";
    private static final String VETH_B = "te-fo-b";

    private FailoverOnOvs() {
    }

    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "Cogentco";
        String traffic = args.length > 1 ? args[1] : "gravity:1,16";
        int warm = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        Topology t = TopologyCatalog.discover().load(name);
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);
        TrafficMatrix tm = TrafficSpec.parse(traffic).generate(t);
        // The busiest arc of the optimum: the failure that moves the most traffic.
        Allocation planned = new TeOptimizer(Solvers.byName("highs-warm"), new SolverOptions(600, 2, false))
                .solve(TeProblem.of(t, paths, Commodities.of(tm, paths)), Objective.TOTAL_FLOW).allocation().orElseThrow();
        double[] load = planned.arcLoadMbps();
        int busiest = 0;
        for (int a = 1; a < load.length; a++) {
            busiest = load[a] > load[busiest] ? a : busiest;
        }
        int ab = busiest;
        int ba = t.arcIndex(t.arcDst(ab), t.arcSrc(ab));
        ConventionalWiring wiring = new ConventionalWiring(t);
        System.out.printf("%s %s: %d nodes, %d arcs, %d commodities; failing %s (%.1f Mbps planned)%n", name, traffic, t.nodeCount(),
                t.arcCount(), tm.size(), OvsBridges.port(t, ab), load[ab]);

        run("ip", "link", "del", VETH_A);
        Path state = Files.createTempDirectory("te-failover-");
        try (OvsSandbox ovs = OvsSandbox.start();
             // All bridges share one ovs-vswitchd here: while it works through one bridge's mods the
             // others answer no echo, which real, separate switches would. Death after 60 s, not 15.
             OpenFlowPublisher switches = OpenFlowPublisher.start(t, wiring, te.southbound.SouthboundConfig.defaults()
                     .withListen(new InetSocketAddress("127.0.0.1", 0)).withKeepalive(5_000, 60_000)
                     .withMessageLog((dpid, m) -> MODS.merge(kind(m), 1L, Long::sum))
                     .withBundles(Boolean.getBoolean("te.bundles")), te.controller.southbound.PortLinkMonitor.DEFAULT_UP_HOLD_MILLIS,
                     te.controller.daemon.ServeCommand.parseDamping(System.getProperty("te.damping", "15s,1000,2000,60s")))) {
            ovs.vsctl(OvsBridges.of(t, wiring).toArray(String[]::new));
            run("ip", "link", "add", VETH_A, "type", "veth", "peer", "name", VETH_B);
            run("ip", "link", "set", VETH_A, "up");
            run("ip", "link", "set", VETH_B, "up");
            ovs.vsctl("del-port", OvsBridges.bridge(t.arcSrc(ab)), OvsBridges.port(t, ab), "--", "del-port", OvsBridges.bridge(t.arcSrc(ba)),
                    OvsBridges.port(t, ba), "--", "add-port", OvsBridges.bridge(t.arcSrc(ab)), VETH_A, "--", "set", "interface", VETH_A,
                    "ofport_request=" + wiring.outPort(ab), "--", "add-port", OvsBridges.bridge(t.arcSrc(ba)), VETH_B, "--", "set",
                    "interface", VETH_B, "ofport_request=" + wiring.outPort(ba));
            DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", 0), state, Optional.empty(), Duration.ofHours(1), 1 << 30);
            SolveSettings solve = new SolveSettings(Objective.TOTAL_FLOW, Solvers.byName("highs-warm"), 1, 0, 600, 2);
            java.util.Map<Long, OpenFlowPublisher.Push> pushes = new java.util.concurrent.ConcurrentHashMap<>();
            java.util.Map<Long, String> methods = new java.util.concurrent.ConcurrentHashMap<>();
            try (Daemon daemon = Daemon.start(t, paths, settings, solve, a -> {
                switches.publish(a);
                pushes.put(a.version(), switches.lastPush());
                methods.put(a.version(), a.info().method());
            })) {
                switches.followPorts(daemon::links, daemon::reportSwitchPorts);
                ovs.vsctl(OvsBridges.controllers(t, switches.localAddress().getPort()).toArray(String[]::new));
                await("every bridge connected", 120, () -> switches.switches().size() == t.nodeCount());
                HttpClient http = HttpClient.newHttpClient();
                String base = "http://127.0.0.1:" + daemon.port();
                upload(http, base, t, tm, 1.0);
                long start = System.nanoTime();
                await("first allocation on the switches", 600, () -> done(pushes, 1));
                System.out.printf("first allocation on the switches %.2f s after the upload: %s%n", seconds(start),
                        pushes.get(1L).report().join().summary());
                MODS.clear();
                long last = 1;
                for (int w = 1; w <= warm; w++) {
                    long before = last;
                    long t1 = System.nanoTime();
                    upload(http, base, t, tm, w % 2 == 1 ? 0.9 : 1.0);
                    await("warm-up allocation published", 600, () -> pushes.keySet().stream().anyMatch(v -> v > before));
                    Thread.sleep(2_000); // any further version of the same upload
                    last = pushes.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
                    long newest = last;
                    await("warm-up allocation on the switches", 600, () -> done(pushes, newest));
                    System.out.printf("warm-up upload %d: allocation version %d on the switches after %.2f s: %s%n", w, newest,
                            seconds(t1), pushes.get(newest).report().join().summary());
                }
                MODS.clear();
                if (System.getProperty("te.flap") != null) {
                    flap(daemon, pushes, last, System.getProperty("te.flap"));
                    return;
                }

                long t0 = System.nanoTime();
                run("ip", "link", "set", VETH_A, "down");
                await("link seen down", 60, () -> daemon.links().isSwitchDown(ab) && daemon.links().isSwitchDown(ba));
                System.out.printf("link %s down: seen by the daemon after %.2f s (topology version %d)%n", OvsBridges.port(t, ab),
                        seconds(t0), daemon.links().version());
                for (long v = last + 1; v <= last + 2; v++) {
                    long version = v;
                    await("allocation version " + v + " published", 600, () -> pushes.containsKey(version));
                    System.out.printf("  allocation version %d (%s) published after %.2f s%n", v, methods.get(v), seconds(t0));
                }
                for (long v = last + 1; v <= last + 2; v++) {
                    long version = v;
                    await("allocation version " + v + " on the switches", 600, () -> done(pushes, version));
                    System.out.printf("  allocation version %d on the switches after %.2f s: %s%n    messages sent: %s%n", v, seconds(t0),
                            pushes.get(v).report().join().summary(), new java.util.TreeMap<>(MODS));
                    MODS.clear();
                }
            }
        } finally {
            run("ip", "link", "del", VETH_A);
        }
    }

    /**
     * Flaps the veth COUNT times, one every PERIOD_MS, down for 0.5 s each time, then waits for the
     * link to be restored and the last allocation to be on the switches, and prints what it cost.
     */
    private static void flap(Daemon daemon, java.util.Map<Long, OpenFlowPublisher.Push> pushes, long last, String spec) throws Exception {
        String[] p = spec.split(",");
        long period = Long.parseLong(p[0]);
        int count = Integer.parseInt(p[1]);
        long links0 = daemon.links().version();
        long t0 = System.nanoTime();
        for (int i = 0; i < count; i++) {
            long at = t0 + i * period * 1_000_000L;
            Thread.sleep(Math.max(0, (at - System.nanoTime()) / 1_000_000));
            run("ip", "link", "set", VETH_A, "down");
            Thread.sleep(500);
            run("ip", "link", "set", VETH_A, "up");
        }
        System.out.printf("%d flaps in %.1f s: %d link-state changes, %d allocation versions so far%n", count, seconds(t0),
                daemon.links().version() - links0, pushes.size() - last);
        await("link restored", 600, () -> daemon.links().downArcs().isEmpty());
        System.out.printf("link restored %.1f s after the first flap%n", seconds(t0));
        Thread.sleep(5_000);
        long newest = pushes.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
        await("last allocation on the switches", 600, () -> done(pushes, newest));
        System.out.printf("in all: %d link-state changes, %d allocation versions, %d OpenFlow messages: %s%n",
                daemon.links().version() - links0, newest - last, MODS.values().stream().mapToLong(Long::longValue).sum(),
                new java.util.TreeMap<>(MODS));
    }

    private static final java.util.Map<String, Long> MODS = new java.util.concurrent.ConcurrentHashMap<>();

    private static String kind(te.southbound.openflow.OfMessage m) {
        if (m instanceof te.southbound.openflow.OfMessage.GroupMod g) {
            return "group " + g.command();
        }
        if (m instanceof te.southbound.openflow.OfMessage.FlowMod f) {
            return "flow " + f.command() + (f.match().mplsLabel().isPresent() ? " (label)" : " (ingress)");
        }
        return m.getClass().getSimpleName();
    }

    private static void run(String... cmd) throws Exception {
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }
}
