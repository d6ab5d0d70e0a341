package te.controller.southbound;

import java.net.InetSocketAddress;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.solve.AllocationPublisher;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.SouthboundConfig;
import te.southbound.WeightPusher;
import te.topology.Topology;

/**
 * Publishes each new allocation to the switches: turns it into the southbound's desired state and
 * hands it to the {@link WeightPusher}, without waiting for the switches (the pusher installs it
 * make-before-break in the background and retries switches that are away).
 */
public final class OpenFlowPublisher implements AllocationPublisher, te.controller.daemon.SwitchesView, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OpenFlowPublisher.class);

    private final DesiredStates states;
    private final WeightPusher pusher;
    private final PortLinkMonitor ports;
    private final LinkLoadMonitor loads;
    /** Runs {@link #switchBack} off the switches' event loops ({@link #switchBackSoon}). */
    private final java.util.concurrent.ExecutorService switchBacks = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "te-openflow-switch-back");
        t.setDaemon(true);
        return t;
    });
    /** Whether a {@link #switchBack} is queued and not yet started: reconnects until it starts share it. */
    private final java.util.concurrent.atomic.AtomicBoolean switchBackQueued = new java.util.concurrent.atomic.AtomicBoolean();

    private OpenFlowPublisher(Wiring wiring, WeightPusher pusher, PortLinkMonitor ports, LinkLoadMonitor loads) {
        this.states = new DesiredStates(wiring);
        this.pusher = pusher;
        this.ports = ports;
        this.loads = loads;
    }

    /**
     * Starts listening for the topology's switches (the wiring's datapath ids; any other is ignored).
     *
     * @param wiring how nodes and arcs appear on the switches
     * @param listen where switches connect, e.g. 127.0.0.1:6653
     */
    public static OpenFlowPublisher start(Topology topology, Wiring wiring, InetSocketAddress listen) throws InterruptedException {
        return start(topology, wiring, SouthboundConfig.defaults().withListen(listen));
    }

    /**
     * As {@link #start(Topology, Wiring, InetSocketAddress)} with other southbound settings (e.g.
     * keepalive); the known switches are the wiring's.
     */
    public static OpenFlowPublisher start(Topology topology, Wiring wiring, SouthboundConfig config) throws InterruptedException {
        return start(topology, wiring, config, PortLinkMonitor.DEFAULT_UP_HOLD_MILLIS, FlapDamping.DEFAULT);
    }

    /**
     * As {@link #start(Topology, Wiring, SouthboundConfig)}, restoring a link only once its ports
     * have been up for {@code upHoldMillis} ms and its flapping penalty allows ({@link PortLinkMonitor}).
     *
     * @param damping how flapping links are kept down, or null for not at all
     */
    public static OpenFlowPublisher start(Topology topology, Wiring wiring, SouthboundConfig config, long upHoldMillis,
                                          FlapDamping damping) throws InterruptedException {
        Set<Dpid> switches = IntStream.range(0, topology.nodeCount()).mapToObj(wiring::dpid).collect(Collectors.toSet());
        PortLinkMonitor ports = new PortLinkMonitor(topology, wiring, upHoldMillis, damping);
        var publisher = new java.util.concurrent.atomic.AtomicReference<OpenFlowPublisher>();
        // Every connection reports its ports first: the switch is back, and may have missed a push.
        te.southbound.PortListener connects = new te.southbound.PortListener() {
            @Override
            public void portsReported(Dpid dpid, java.util.List<te.southbound.PortState> list) {
                ports.portsReported(dpid, list);
                OpenFlowPublisher p = publisher.get();
                if (p != null) {
                    p.switchBackSoon();
                }
            }

            @Override
            public void portChanged(Dpid dpid, te.southbound.PortState port) {
                ports.portChanged(dpid, port);
            }
        };
        WeightPusher pusher;
        try {
            pusher = WeightPusher.start(config.withKnownSwitches(switches), connects);
        } catch (RuntimeException | InterruptedException e) {
            ports.close();
            throw e;
        }
        LOG.info("OpenFlow 1.3: listening for {} switches on {}", switches.size(), pusher.localAddress());
        publisher.set(new OpenFlowPublisher(wiring, pusher, ports, new LinkLoadMonitor(topology, wiring)));
        return publisher.get();
    }

    /**
     * {@link #switchBack} on its own thread, once for every reconnect that arrives before it starts.
     * The port list that reports a reconnect arrives on the switches' event loops, which also accept
     * connections and send each new switch its HELLO; a push there walks the whole state (50–80 ms on
     * Cogentco gravity, 38,609 commodities), and 197 bridges reconnecting after a restart made one
     * each: their accepts waited in the kernel's queue until Open vSwitch gave up on them (it counts
     * a connection only once the HELLO arrives), and 77–145 missed the 15 s start-up wait. Measured
     * on the 197-bridge harness: 0 late over 8 restarts with this, every switch ready within
     * 0.64–1.6 s of the first connect, 3–5 pushes instead of ~230.
     */
    private void switchBackSoon() {
        if (switchBackQueued.compareAndSet(false, true)) {
            try {
                switchBacks.execute(this::switchBack);
            } catch (java.util.concurrent.RejectedExecutionException closed) {
                switchBackQueued.set(false);
            }
        }
    }

    /**
     * A switch (re)connected: if the latest allocation is not confirmed on every switch (this one
     * may have missed its push), it is pushed again, so that the run that brings the switch up to
     * date also confirms it: {@code te_switches_allocation_version} and {@code lastPush} otherwise
     * stayed behind until the next allocation, a false alert (found on OVS).
     */
    private synchronized void switchBack() {
        switchBackQueued.set(false);
        if (lastState != null && lastPush != null && confirmed.get() < lastPush.version()) {
            push(lastPush.version(), lastState);
        }
    }

    /**
     * Lets the switches' port reports fail and restore arcs (reports that came earlier are applied
     * now, in order).
     *
     * @param links  the current link states
     * @param report records arc → reported down and re-solves, e.g. {@code Daemon::reportSwitchPorts}
     */
    public void followPorts(java.util.function.Supplier<te.controller.daemon.LinkState> links,
                            java.util.function.Consumer<java.util.Map<Integer, Boolean>> report) {
        ports.attach(links, report);
    }

    /**
     * Keeps the links' flap penalties across restarts ({@link PortLinkMonitor#keepPenalties}): the
     * daemon's stored ones are taken up, decayed by the time since, and every change is stored.
     */
    public void keepFlapPenalties(te.controller.daemon.Daemon daemon) {
        var stored = daemon.storedFlapPenalties();
        ports.keepPenalties(stored.map(te.controller.daemon.PenaltyBook.Stored::penalties).orElse(java.util.List.of()),
                stored.map(s -> System.currentTimeMillis() - s.takenAtMillis()).orElse(0L), daemon::storeFlapPenalties);
    }

    /**
     * The push of the latest allocation handed over, with its version: for monitoring how long
     * switches take to follow (e.g. after a link failure).
     *
     * @param version the allocation version
     * @param report  completes when the first run that includes it ends
     */
    public record Push(long version, java.util.concurrent.CompletableFuture<te.southbound.PushReport> report) {
    }

    private volatile Push lastPush;
    /** The latest allocation's state (its version is {@link #lastPush}'s), pushed again after a role change; guarded by this. */
    private DesiredState lastState;
    private final java.util.concurrent.atomic.AtomicLong confirmed = new java.util.concurrent.atomic.AtomicLong();

    /** @return the latest allocation's push, or null before the first */
    public Push lastPush() {
        return lastPush;
    }

    @Override
    public void publish(AllocationSnapshot allocation) {
        DesiredState state = states.stateOf(allocation.allocation());
        synchronized (this) {
            lastState = state;
            push(allocation.version(), state);
        }
    }

    /** Hands {@code state} to the pusher as {@link #lastPush}; caller holds this. */
    private void push(long version, DesiredState state) {
        var report = pusher.push(state);
        Push push = new Push(version, report);
        lastPush = push;
        report.whenComplete((r, error) -> {
            // Pushes the pusher ran as one (switches reconnecting one by one after a restart each ask
            // for one) complete with the same report: the latest says it, once.
            boolean latest = lastPush == push;
            if (error != null) {
                if (latest) {
                    LOG.warn("push of allocation version {} failed: {}", version, error.toString());
                }
            } else {
                if (latest) {
                    LOG.info("allocation version {} on the switches: {}", version, r.summary());
                }
                // Clean covers the connected switches only: with one away the allocation is not all on the switches.
                if (r.clean() && r.missingSwitches().isEmpty() && r.notMaster().isEmpty()) {
                    confirmed.accumulateAndGet(version, Math::max);
                }
            }
        });
    }

    /**
     * Measures the arcs' loads from the switches' port counters every {@code interval}.
     *
     * @param sink receives the rates, e.g. {@code Daemon::reportLinkLoads}
     */
    public void followLoads(java.util.function.Consumer<te.controller.daemon.LinkLoads> sink, java.time.Duration interval) {
        loads.start(pusher::portCounters, sink, interval, 2 * pusher.config().requestTimeoutMs());
    }

    /**
     * @return for {@code GET /v1/switches}: whether switches connect over TLS, every connected
     *         switch (datapath id, address, known, connected since, bundles, its verified TLS
     *         certificate's subject or null, recent errors) and the last allocation's push (its version,
     *         and once the switches confirmed or failed it: clean, mods, ms, errors, problems)
     */
    @Override
    public java.util.Map<String, Object> render() {
        java.util.List<java.util.Map<String, Object>> list = new java.util.ArrayList<>();
        for (te.southbound.SwitchStatus s : pusher.status()) {
            java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("dpid", s.dpid().toString());
            m.put("address", s.remoteAddress());
            m.put("known", s.known());
            m.put("connectedAt", java.time.Instant.ofEpochMilli(s.connectedAtMillis()).toString());
            m.put("bundles", s.bundles());
            m.put("selectLiveness", s.selectLiveness());
            m.put("certificate", s.peerCertificate());
            m.put("role", name(s.role().granted()));
            m.put("programmed", s.role().programs());
            m.put("roleProblem", s.role().problem());
            m.put("recentErrors", s.recentErrors().stream().map(e -> java.util.Map.of("at", java.time.Instant.ofEpochMilli(e.atMillis()).toString(),
                    "error", e.toString())).toList());
            list.add(m);
        }
        java.util.Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("listening", pusher.localAddress().getHostString() + ":" + pusher.localAddress().getPort());
        body.put("tls", pusher.config().tls().isPresent());
        body.put("role", roleOf(pusher.role()));
        body.put("switches", list);
        body.put("dampedLinks", ports.damped());
        Push push = lastPush;
        if (push != null) {
            java.util.Map<String, Object> p = new java.util.LinkedHashMap<>();
            p.put("allocationVersion", push.version());
            // One read of the future: it may complete between two.
            te.southbound.PushReport r = null;
            String state;
            try {
                r = push.report().getNow(null);
                state = r == null ? "in progress" : r.clean() && r.missingSwitches().isEmpty() && r.notMaster().isEmpty() ? "done"
                        : r.clean() && r.missingSwitches().isEmpty() ? "left to the master" : "done with problems";
            } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
                state = "failed";
            }
            p.put("state", state);
            if (r != null) {
                p.put("clean", r.clean());
                p.put("mods", r.messagesSent());
                p.put("durationMs", r.durationMs());
                p.put("missingSwitches", r.missingSwitches().stream().map(Object::toString).sorted().toList());
                p.put("notMaster", r.notMaster().stream().map(Object::toString).sorted().toList());
                p.put("errors", r.errors().stream().map(Object::toString).toList());
                p.put("problems", r.problems());
            }
            body.put("lastPush", p);
        }
        return body;
    }

    /** @return a role as the API names it ({@code master}), or null for none */
    private static String name(te.southbound.openflow.ControllerRole role) {
        return role == null ? null : role.name().toLowerCase(java.util.Locale.ROOT);
    }

    private static java.util.Map<String, Object> roleOf(te.southbound.RoleClaim claim) {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("role", name(claim.role()));
        m.put("generation", claim.role() == te.southbound.openflow.ControllerRole.EQUAL ? null : Long.toUnsignedString(claim.generationId()));
        return m;
    }

    @Override
    public te.southbound.RoleClaim role() {
        return pusher.role();
    }

    @Override
    public RoleOutcome requestRole(te.southbound.RoleClaim claim) {
        LOG.info("asking every switch for the role {}", claim);
        java.util.List<te.southbound.SwitchRole> answers;
        try {
            answers = pusher.requestRole(claim).get(pusher.config().requestTimeoutMs() + 5_000, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the switches' answers", e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the switches' answers to the role request did not arrive: " + e, e);
        }
        boolean granted = true;
        java.util.List<java.util.Map<String, Object>> switches = new java.util.ArrayList<>();
        for (te.southbound.SwitchRole a : answers) {
            granted &= a.problem() == null && a.granted() == claim.role();
            java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("dpid", a.dpid().toString());
            m.put("role", name(a.granted()));
            m.put("programmed", a.programs());
            m.put("problem", a.problem());
            switches.add(m);
        }
        synchronized (this) {
            // The latest allocation again, so that lastPush and the confirmed version say what the new role made of it.
            if (lastState != null) {
                push(lastPush.version(), lastState);
            }
        }
        java.util.Map<String, Object> body = new java.util.LinkedHashMap<>(roleOf(claim));
        body.put("granted", granted);
        body.put("switches", switches);
        return new RoleOutcome(granted, body);
    }

    @Override
    public int connected() {
        return (int) pusher.status().stream().filter(te.southbound.SwitchStatus::known).count();
    }

    @Override
    public int programmed() {
        return (int) pusher.status().stream().filter(s -> s.known() && s.role().programs()).count();
    }

    @Override
    public long confirmedVersion() {
        return confirmed.get();
    }

    @Override
    public int dampedLinks() {
        return ports.damped().size();
    }

    @Override
    public java.util.List<String> clearDamping(int arc) {
        return ports.clearDamping(arc);
    }

    /** @return connected switches with their recent errors */
    public java.util.List<te.southbound.SwitchStatus> switches() {
        return pusher.status();
    }

    /** @return the address switches connect to */
    public InetSocketAddress localAddress() {
        return pusher.localAddress();
    }

    /**
     * Stops reporting port states and loads (idempotent), returning once no report is under way:
     * at shutdown, before the daemon they are reported to closes its state store.
     */
    public void stopReporting() {
        loads.close();
        ports.close();
    }

    @Override
    public void close() {
        stopReporting();
        switchBacks.shutdownNow();
        pusher.close();
    }
}
