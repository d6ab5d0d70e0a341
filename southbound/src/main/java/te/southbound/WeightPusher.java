package te.southbound;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * Pushes path split weights to OpenFlow 1.3 switches: the public face of the southbound module.
 * {@link #start} listens for switches; {@link #push} sets the desired state, which is installed
 * make-before-break on every connected switch and re-established on each (re)connect and audit.
 *
 * <pre>{@code
 * try (WeightPusher pusher = WeightPusher.start(SouthboundConfig.defaults())) {
 *     PushReport r = pusher.push(state).get();
 * }
 * }</pre>
 */
public final class WeightPusher implements AutoCloseable {
    private final SouthboundConfig config;
    private final Reconciler reconciler;
    private final SwitchRegistry registry;
    private final OpenFlowServer server;

    private WeightPusher(SouthboundConfig config, PortListener ports) throws InterruptedException {
        this.config = config;
        this.reconciler = new Reconciler(config);
        this.registry = new SwitchRegistry(config.knownSwitches(), reconciler::trigger, ports, config.role());
        reconciler.attach(registry);
        try {
            this.server = new OpenFlowServer(config, registry);
        } catch (RuntimeException | InterruptedException e) {
            reconciler.close();
            throw e;
        }
    }

    /**
     * Starts listening on {@code config.listen()}.
     *
     * @throws IllegalStateException if the address cannot be bound
     * @throws InterruptedException  if interrupted while binding
     */
    public static WeightPusher start(SouthboundConfig config) throws InterruptedException {
        return new WeightPusher(config, PortListener.NONE);
    }

    /**
     * Starts listening on {@code config.listen()} and reports the ports of configured switches
     * to {@code ports} (their full list on every connect, then each change).
     *
     * @throws IllegalStateException if the address cannot be bound
     * @throws InterruptedException  if interrupted while binding
     */
    public static WeightPusher start(SouthboundConfig config, PortListener ports) throws InterruptedException {
        return new WeightPusher(config, java.util.Objects.requireNonNull(ports, "ports"));
    }

    /**
     * Makes {@code state} the desired state. Until the first push nothing is changed on any
     * switch (a restarted controller must not wipe the network before it knows what it wants).
     *
     * @return completes with the report of the first run that includes this state; it is not
     *         failed by switch errors, which are in the report, only when the state cannot be
     *         compiled at all (e.g. more tunnels than MPLS labels: IllegalStateException)
     * @throws IllegalArgumentException if the state uses datapath ids that are not configured
     */
    public CompletableFuture<PushReport> push(DesiredState state) {
        Set<Dpid> unknown = new TreeSet<>(state.switches());
        unknown.removeIf(registry::isKnown);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("desired state uses switches that are not configured: " + unknown);
        }
        return reconciler.push(state);
    }

    /**
     * Reads the bucket counters of every commodity installed by the last clean run whose ingress
     * is connected (others are left out), in commodity-id order.
     *
     * @return fails if a switch errs, disconnects or does not answer within requestTimeoutMs
     */
    public CompletableFuture<List<CommodityCounters>> counters() {
        return CounterReader.read(reconciler.installed(), registry.ready(), config.requestTimeoutMs());
    }

    /**
     * Reads every port's traffic counters from each connected, configured switch.
     *
     * @return the counters by dpid and port; a switch that errs, disconnects or does not answer
     *         within requestTimeoutMs is left out (and logged), so this future does not fail
     */
    public CompletableFuture<List<PortCounters>> portCounters() {
        return PortCounterReader.read(registry.ready(), config.requestTimeoutMs());
    }

    /**
     * Asks every connected switch, and every switch that connects later, for {@code claim}'s role.
     * A switch is programmed only while it grants EQUAL or MASTER; one that refuses the claim (a
     * newer generation id was used by another controller), does not answer, or later refuses a
     * write with IS_SLAVE (another controller became master) is left as it is, and reported in
     * {@link #status} and in every {@link PushReport#notMaster}. When this controller was standby
     * or some switch was not programmed by it, every switch's tables are read again once the
     * answers are in and the ids found there adopted, as by a restarted controller, since another
     * controller may have changed them meanwhile.
     *
     * @return completes, within requestTimeoutMs, with each connected switch's answer in dpid order
     */
    public CompletableFuture<List<SwitchRole>> requestRole(RoleClaim claim) {
        java.util.Objects.requireNonNull(claim, "claim");
        RoleClaim before = registry.claim();
        // Switches this controller did not program (standby, refused, replaced) may hold another
        // controller's ids now: start from what they hold, as a restarted controller does. Otherwise
        // what it knows stays valid, including the last-seen tables of switches that are away.
        boolean forget = before.role() == te.southbound.openflow.ControllerRole.SLAVE
                || registry.ready().values().stream().anyMatch(c -> !c.mayProgram());
        if (forget) {
            // Before the claims: every run that sees a switch granted (each answer asks for one) comes after it.
            reconciler.forgetAll();
        }
        List<CompletableFuture<SwitchRole>> answers = registry.claim(claim).values().stream()
                .map(c -> c.claimRole(claim)).toList();
        CompletableFuture<List<SwitchRole>> all = CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
                .thenApply(v -> answers.stream().map(CompletableFuture::join).sorted(java.util.Comparator.comparing(SwitchRole::dpid)).toList());
        // After the answers, so that no run writes to a switch under the role being given up.
        return all.whenComplete((r, e) -> reconciler.trigger());
    }

    /** @return the role this controller asks switches for */
    public RoleClaim role() {
        return registry.claim();
    }

    /** @return connected switches (configured or not) with their recent errors */
    public List<SwitchStatus> status() {
        return registry.status();
    }

    /** @return the bound address (useful with port 0) */
    public InetSocketAddress localAddress() {
        return server.localAddress();
    }

    /** @return the configuration in force */
    public SouthboundConfig config() {
        return config;
    }

    /** Stops listening and closes every switch connection; switches keep their entries. */
    @Override
    public void close() {
        // Reconciler first: the disconnects that closing the listener causes must not trigger
        // runs that withdraw paths from switches still connected.
        reconciler.close();
        server.close();
    }
}
