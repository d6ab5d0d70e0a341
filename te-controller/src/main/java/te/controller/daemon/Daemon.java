package te.controller.daemon;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.api.AllocationResource;
import te.controller.daemon.api.ControlResource;
import te.controller.daemon.api.PeerFollower;
import te.controller.daemon.api.DemandResource;
import te.controller.daemon.api.LinkLoadResource;
import te.controller.daemon.api.NetworkResource;
import te.controller.daemon.http.ApiServer;
import te.controller.daemon.http.Route;
import te.controller.daemon.http.Router;
import te.controller.daemon.http.TokenAuth;
import te.controller.daemon.solve.AllocationPublisher;
import te.controller.daemon.solve.SolveLoop;
import te.controller.daemon.solve.SolveRunner;
import te.controller.daemon.solve.SolveSettings;
import te.controller.daemon.state.StateStore;
import te.topology.Topology;
import te.topology.paths.PathSet;

/**
 * The running controller: state reloaded from the state directory and served at once, the solve
 * loop, and the REST server. Start-up refuses a non-loopback address without a token.
 */
public final class Daemon implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Daemon.class);
    private final StateStore store;
    private final SolveLoop loop;
    private final ApiServer server;
    private final NetworkBook network;
    private final java.util.concurrent.atomic.AtomicReference<LinkLoads> measured;
    private final java.util.concurrent.atomic.AtomicReference<SwitchesView> switches;
    private final DaemonMetrics metrics;
    private final List<Route> routes;
    private final PeerFollower follower; // null unless a standby (--follow)

    private Daemon(StateStore store, SolveLoop loop, ApiServer server, NetworkBook network,
                   java.util.concurrent.atomic.AtomicReference<LinkLoads> measured,
                   java.util.concurrent.atomic.AtomicReference<SwitchesView> switches, DaemonMetrics metrics, List<Route> routes,
                   PeerFollower follower) {
        this.follower = follower;
        this.store = store;
        this.loop = loop;
        this.server = server;
        this.network = network;
        this.measured = measured;
        this.switches = switches;
        this.metrics = metrics;
        this.routes = routes;
    }

    /**
     * Loads state, starts the solve loop (with a first solve) and the server.
     *
     * @param basePaths all-pairs paths of the intact topology
     * @throws IllegalArgumentException for unsafe or invalid settings, naming the fix
     */
    public static Daemon start(Topology topology, PathSet basePaths, DaemonSettings settings, SolveSettings solve,
                               AllocationPublisher publisher) {
        requireSafeListen(settings);
        if (settings.tls().isEmpty() && !settings.listen().isLoopback()) {
            LOG.warn("listening on {} over plain HTTP: the bearer token and the traffic matrix cross the network in clear text; "
                    + "give --tls-cert and --tls-key, or put a TLS proxy in front", settings.listen().host());
        }
        TokenAuth auth = settings.tokenFile().map(TokenAuth::fromFile).orElse(TokenAuth.none());
        // Bound before the state directory is made, locked or stamped: a port in use must not leave
        // a directory claimed for whatever topology this (perhaps mistyped) start named.
        ApiServer server = ApiServer.bind(settings.listen().resolve(), settings.maxBodyBytes(), settings.tls());
        StateStore store;
        try {
            store = new StateStore(settings.stateDir());
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
        try {
            TopologyStamp.claim(store, topology);
            DemandBook demands = DemandBook.load(topology, store);
            NetworkBook network = NetworkBook.load(topology, basePaths, store, solve.threads());
            AllocationBook allocations = AllocationBook.load(topology, network.current(), store);
            allocations.relabelIfAhead(demands.current().version(), network.current().links().version());
            DaemonMetrics metrics = new DaemonMetrics(() -> demands.current().version(), () -> network.current().links().version(),
                    () -> allocations.current().map(AllocationSnapshot::version).orElse(0L),
                    () -> network.current().links().downArcs().size());
            allocations.current().ifPresent(metrics::served);
            metrics.stateWritesNotDurable(store::notDurableWrites);
            metrics.allocationCurrent(() -> allocations.current()
                    .map(a -> a.info().computedFor(demands.current().version(), network.current().links().version()) ? 1 : 0).orElse(0));
            metrics.allocationChanges(() -> {
                java.util.OptionalInt n = allocations.changedCommodities();
                return n.isPresent() ? n.getAsInt() : Double.NaN;
            });
            var measured = new java.util.concurrent.atomic.AtomicReference<LinkLoads>();
            double[] capacity = topology.capacitiesMbps();
            metrics.measuredLinks(() -> measured.get() == null ? Double.NaN
                            : measured.get().maxUtilisation(network.current().links().ratedCapacitiesMbps(capacity)),
                    () -> measured.get() == null ? 0 : measured.get().measuredArcs());
            SolveLoop loop = new SolveLoop(new SolveRunner(topology, demands, network, allocations, solve, publisher, metrics),
                    settings.interval(), metrics::passError);
            Consumer<String> trigger = loop::request;
            List<Route> routes = new ArrayList<>();
            // In every entity tag: versions restart at 1 with a new state directory, and a client's
            // "a1" from before must not match another allocation 1.
            String boot = Long.toString(System.currentTimeMillis(), 36) + Long.toString(System.nanoTime() & 0xffff, 36);
            var switches = new java.util.concurrent.atomic.AtomicReference<SwitchesView>();
            // A standby follows its primary until it is made OpenFlow master (or always, without switches).
            PeerFollower follower = settings.follow().map(f -> new PeerFollower(f, topology, demands, network, trigger, loop::linksChanged,
                    () -> switches.get() == null || switches.get().role().role() != te.southbound.openflow.ControllerRole.MASTER, boot))
                    .orElse(null);
            java.util.function.Supplier<java.util.Optional<String>> refusal = follower == null ? java.util.Optional::empty
                    : () -> follower.refusal(switches.get() != null);
            if (follower != null) {
                metrics.follow(follower::lastSyncAgeSeconds, () -> follower.failing() ? 1 : 0);
            }
            routes.addAll(new DemandResource(topology, demands, trigger, boot, refusal).routes());
            routes.addAll(new AllocationResource(topology, allocations, boot).routes());
            routes.addAll(new NetworkResource(topology, network, loop::linksChanged, refusal).routes());
            routes.addAll(new LinkLoadResource(topology, network, allocations, () -> java.util.Optional.ofNullable(measured.get())).routes());
            routes.addAll(new te.controller.daemon.api.WhatIfResource(topology, demands, network, allocations, solve).routes());
            RoleBook roles = new RoleBook(store);
            routes.addAll(new te.controller.daemon.api.SwitchResource(topology, () -> java.util.Optional.ofNullable(switches.get()),
                    roles::save).routes());
            routes.addAll(new ControlResource(topology.name(), demands, network, allocations, loop, metrics,
                    () -> follower == null ? null : follower.status()).routes());
            try {
                server.serve(new Router(routes, auth), metrics);
            } catch (RuntimeException e) {
                loop.close();
                if (follower != null) {
                    follower.close(); // not started yet, but its HTTP client is made
                }
                throw e;
            }
            loop.request("startup");
            LOG.info("listening on {} ({}: {} nodes, {} arcs; state in {}; token {}; solve {} {} every {})",
                    settings.listen().url(settings.scheme(), server.address().getPort()), topology.name(), topology.nodeCount(), topology.arcCount(),
                    store.directory(), auth.enabled() ? "required for changes" : "not required (loopback only)", solve.method(),
                    solve.objective().cliName(), settings.interval().toMillis() % 1000 == 0 ? settings.interval().toSeconds() + " s"
                    : settings.interval().toMillis() + " ms");
            return new Daemon(store, loop, server, network, measured, switches, metrics, List.copyOf(routes), follower);
        } catch (RuntimeException | Error e) {
            // Errors too (a stack or heap exhausted while loading): a bound server left open would
            // keep the process alive, its port taking connections that are never served.
            store.close();
            server.close();
            throw e;
        }
    }

    /**
     * @throws IllegalArgumentException when asked to listen beyond loopback without a token
     */
    public static void requireSafeListen(DaemonSettings settings) {
        if (settings.tokenFile().isEmpty() && !settings.listen().isLoopback()) {
            throw new IllegalArgumentException(("refusing to listen on %s without a token: anyone who can reach it could change "
                    + "demands and link states. Give --token-file FILE, or listen on 127.0.0.1").formatted(settings.listen().host()));
        }
    }

    /**
     * Starts mirroring the primary ({@code --follow}); does nothing for a daemon that follows none.
     * Called once the switches are shown ({@link #showSwitches}), if there are any: until then this
     * daemon cannot tell whether it is the master, and a master must not mirror its standby.
     */
    public void startFollowing() {
        if (follower != null) {
            follower.start();
        }
    }

    /** @return the current link states */
    public LinkState links() {
        return network.current().links();
    }

    /**
     * Records what the switches report about arcs' ports (durably) and, when that changes the link
     * states, re-solves: the served allocation first loses its flow over newly failed arcs.
     *
     * @param changes arc index → whether its port is now reported down
     */
    public void reportSwitchPorts(java.util.Map<Integer, Boolean> changes) {
        // Any change, not only of the paths: else the allocation would stay labelled with the older version.
        if (network.setSwitchReports(changes).changed()) {
            loop.linksChanged(changes.containsValue(true) ? "port-down" : "port-up");
        }
    }

    /**
     * Forgets every failure the switches reported (kept in the state file across restarts): for a
     * start without switches to report, where nothing else could ever lift them.
     *
     * @return how many arcs were held down by switch reports
     */
    public int forgetSwitchReports() {
        java.util.Map<Integer, Boolean> up = new java.util.TreeMap<>();
        network.current().links().switchDown().forEach(a -> up.put(a, false));
        if (!up.isEmpty()) {
            reportSwitchPorts(up);
        }
        return up.size();
    }

    /**
     * Serves the switches' state at {@code GET /v1/switches} (without it, that answers 404: no
     * switches) and as the metrics {@code te_switches_connected} and {@code te_switches_allocation_version}.
     * Call once.
     */
    public void showSwitches(SwitchesView view) {
        if (!switches.compareAndSet(null, view)) {
            throw new IllegalStateException("switches are shown already");
        }
        metrics.switches(view::connected, view::programmed, view::confirmedVersion, view::dampedLinks);
        // te serve starts its switches with the stored claim already (RoleBook.atStart); a view made otherwise gets it here.
        new RoleBook(store).newerThan(view.role()).ifPresent(claim -> {
            LOG.info("claiming the role {} set through the API before this start: newer than {}", claim, view.role());
            view.requestRole(claim);
        });
    }

    /**
     * @return the links' flap penalties stored by the last run, and when they were taken (empty
     *         without any or when the file does not fit the topology: it is then set aside)
     */
    public java.util.Optional<PenaltyBook.Stored> storedFlapPenalties() {
        return penalties().load();
    }

    /** Stores the links' flap penalties, taken now, durably (so that a restart keeps a flapping link down). */
    public void storeFlapPenalties(List<FlapPenalty> taken) {
        penalties().save(taken, System.currentTimeMillis());
    }

    private PenaltyBook penalties() {
        return new PenaltyBook(store, network.topology());
    }

    /** Records the arc loads the switches measured (served by {@code GET /v1/links/load} and the metrics). */
    public void reportLinkLoads(LinkLoads loads) {
        measured.set(loads);
    }

    /**
     * @return the routes the server dispatches, so that a test can hold docs/openapi.yaml to the
     *         endpoints that are really served rather than to a copy of their list
     */
    List<Route> routes() {
        return routes;
    }

    /** @return the TCP port the server is bound to */
    public int port() {
        return server.address().getPort();
    }

    /** Stops serving, lets a running solve finish, releases the state directory. */
    @Override
    public void close() {
        if (follower != null) {
            follower.close(); // before the books' store closes: a mirror must not write into a closed store
        }
        server.close();
        loop.close();
        store.close();
        LOG.info("stopped");
    }
}
