package te.controller.daemon;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import te.lp.Allocation;
import te.lp.SolveStatus;

/**
 * The daemon's Prometheus metrics (Micrometer names; Prometheus adds the unit suffixes):
 * {@code te_solve_duration_seconds{outcome}}, {@code te_solve_failures_total{status}}, {@code te_solve_pass_errors_total},
 * {@code te_objective_value}, {@code te_allocation_optimal}, {@code te_allocation_current}, {@code te_allocation_mean_path_hops},
 * {@code te_demand_uploads_total{result}},
 * {@code te_http_request_duration_seconds{method,route,status}}, version gauges, and with switches
 * {@code te_links_measured_max_utilisation}, {@code te_links_measured}, {@code te_switches_connected},
 * {@code te_switches_allocation_version}.
 */
public final class DaemonMetrics {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    // Gauges read these; stored as raw double bits because Micrometer holds gauge sources weakly
    // and an AtomicLong field lives as long as this object.
    private final AtomicLong objectiveBits = new AtomicLong(Double.doubleToLongBits(Double.NaN));
    private final AtomicLong optimal = new AtomicLong();
    private final AtomicLong meanHopsBits = new AtomicLong(Double.doubleToLongBits(Double.NaN));

    /** Registers the gauges; the suppliers are read at every scrape. */
    public DaemonMetrics(Supplier<Number> demandVersion, Supplier<Number> topologyVersion, Supplier<Number> allocationVersion,
                         Supplier<Number> linksDown) {
        Gauge.builder("te.objective.value", objectiveBits, b -> Double.longBitsToDouble(b.get()))
                .description("objective of the allocation being served").register(registry);
        Gauge.builder("te.allocation.optimal", optimal, AtomicLong::get)
                .description("1 when every LP behind the served allocation was solved to optimality for its demands and links; 0 when "
                        + "the time limit cut it short, it was pruned after a link failure or a lowered capacity, it is a CSPF fallback, or there is none")
                .register(registry);
        Gauge.builder("te.allocation.mean.path.hops", meanHopsBits, b -> Double.longBitsToDouble(b.get()))
                .description("hops a Mbps of the served allocation crosses on average (flow-weighted path length; NaN: none)")
                .register(registry);
        Gauge.builder("te.demand.version", demandVersion).description("accepted demand version").register(registry);
        Gauge.builder("te.topology.version", topologyVersion).description("link-state version").register(registry);
        Gauge.builder("te.allocation.version", allocationVersion).description("served allocation version (0: none)").register(registry);
        Gauge.builder("te.links.down", linksDown).description("arcs currently failed").register(registry);
        // Counters are exported at 0 from the start: increase() and rate() need a sample before the
        // first event, or the first failure after every start would be invisible to an alert.
        upload(true, 0);
        upload(false, 0);
        passError(0);
        for (SolveStatus status : SolveStatus.values()) {
            if (status != SolveStatus.OPTIMAL) {
                solveFailure(status.name(), 0);
            }
        }
    }

    /**
     * Registers {@code te_state_writes_not_durable}.
     *
     * @param notDurable state files in force renamed into place whose directory the file system did
     *                   not confirm durable, and not written durably since
     */
    public void stateWritesNotDurable(Supplier<Number> notDurable) {
        Gauge.builder("te.state.writes.not.durable", notDurable)
                .description("state files in force whose directory fsync failed and that were not written durably since (a power "
                        + "loss may undo them): check the disk")
                .register(registry);
    }

    /**
     * Registers {@code te_allocation_current}: 1 while the served allocation was computed for the
     * demand and link-state versions in force, or pruned to them (as {@code current} in
     * {@code /v1/status}). {@code te_allocation_optimal} says how well it was solved for its own
     * inputs, and stays 1 while a surge the solver cannot finish leaves splits computed for the old
     * demands in place.
     */
    public void allocationCurrent(Supplier<Number> current) {
        Gauge.builder("te.allocation.current", current)
                .description("1 while the served allocation was computed for (or pruned to) the demands and links in force; 0 while "
                        + "newer ones wait for a pass that serves them, or there is none")
                .register(registry);
    }

    /**
     * Registers {@code te_allocation_changed_commodities}: commodities whose demand, paths or flows
     * the served allocation changed against the one before it (NaN for a run's first); the churn
     * each new version brings, which the switches see as re-weighted groups.
     */
    public void allocationChanges(Supplier<Number> changed) {
        Gauge.builder("te.allocation.changed.commodities", changed)
                .description("commodities the served allocation changed against the version before it (NaN: none before it in this run)")
                .register(registry);
    }

    /**
     * Registers a standby's gauges: {@code te_follow_last_sync_age_seconds} (since the last whole
     * read of its primary; NaN before the first) and {@code te_follow_failing} (1 while the last
     * read failed): alert when the age grows past a few intervals.
     */
    public void follow(Supplier<Number> lastSyncAgeSeconds, Supplier<Number> failing) {
        Gauge.builder("te.follow.last.sync.age.seconds", lastSyncAgeSeconds)
                .description("seconds since this standby last read its primary whole (--follow)").register(registry);
        Gauge.builder("te.follow.failing", failing).description("1 while the last read of the primary failed").register(registry);
    }

    /**
     * Registers the gauges of the loads the switches measure: {@code te_links_measured_max_utilisation}
     * (NaN while none is known) and {@code te_links_measured} (arcs with a rate).
     */
    public void measuredLinks(Supplier<Number> maxUtilisation, Supplier<Number> measuredArcs) {
        Gauge.builder("te.links.measured.max.utilisation", maxUtilisation)
                .description("highest measured arc load / capacity over the last port-counter interval").register(registry);
        Gauge.builder("te.links.measured", measuredArcs).description("arcs with a measured load").register(registry);
    }

    /**
     * Registers the switches' gauges: {@code te_switches_connected}, {@code te_switches_programmed}
     * (those this controller programs: all on a master, none on a standby; alert when a master's
     * falls behind connected), {@code te_switches_allocation_version} (the newest allocation version they confirmed without
     * error; alert when it stays behind {@code te_allocation_version}) and {@code te_links_damped}
     * (arcs kept down for flapping).
     */
    public void switches(Supplier<Number> connected, Supplier<Number> programmed, Supplier<Number> confirmedVersion, Supplier<Number> damped) {
        Gauge.builder("te.switches.connected", connected).description("connected switches of the wiring").register(registry);
        Gauge.builder("te.switches.programmed", programmed)
                .description("connected switches of the wiring that this controller programs (EQUAL or MASTER role)").register(registry);
        Gauge.builder("te.switches.allocation.version", confirmedVersion)
                .description("newest allocation version confirmed without error on every switch it needs (0: none yet)").register(registry);
        Gauge.builder("te.links.damped", damped).description("arcs kept down because their ports flap").register(registry);
    }

    /** Records one solve pass. */
    public void solve(String outcome, double wallSeconds) {
        Timer.builder("te.solve.duration").description("wall-clock time of a solve pass").tag("outcome", outcome)
                .register(registry).record(Duration.ofNanos((long) (wallSeconds * 1e9)));
    }

    /** Records a failed LP solve by its status. */
    public void solveFailure(String status) {
        solveFailure(status, 1);
    }

    private void solveFailure(String status, double count) {
        Counter.builder("te.solve.failures").description("LP solves that produced no good allocation").tag("status", status)
                .register(registry).increment(count);
    }

    /** Records a solve pass that threw instead of reporting (its events are retried). */
    public void passError() {
        passError(1);
    }

    private void passError(double count) {
        Counter.builder("te.solve.pass.errors").description("solve passes that threw (e.g. state directory unwritable); their events are retried")
                .register(registry).increment(count);
    }

    /** Sets the served allocation's objective value, whether its LPs were solved to optimality, and its mean path hops. */
    public void served(AllocationSnapshot snapshot) {
        objectiveBits.set(Double.doubleToLongBits(snapshot.info().value()));
        optimal.set(snapshot.info().optimal() ? 1 : 0);
        // A mean over no flow is undefined; 0 would read as a real path length.
        Allocation a = snapshot.allocation();
        meanHopsBits.set(Double.doubleToLongBits(a.totalFlowMbps() > 0 ? a.meanPathHops() : Double.NaN));
    }

    /** Counts an upload as accepted or rejected. */
    public void upload(boolean accepted) {
        upload(accepted, 1);
    }

    private void upload(boolean accepted, double count) {
        Counter.builder("te.demand.uploads").description("demand uploads (PUT/PATCH)").tag("result", accepted ? "accepted" : "rejected")
                .register(registry).increment(count);
    }

    /** Upper bounds of the request-latency histogram's buckets: 1 ms to 10 s, about three per decade. */
    private static final Duration[] LATENCY_BUCKETS = java.util.stream.LongStream.of(1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000)
            .mapToObj(Duration::ofMillis).toArray(Duration[]::new);

    /**
     * Methods that get a series of their own. HTTP takes any token as a method, and one series
     * per token would let any client, token or not, grow the registry without bound.
     */
    private static final java.util.Set<String> KNOWN_METHODS = java.util.Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    /**
     * Records one HTTP request's latency; {@code route} is the route template, never the raw path,
     * and a method other than the standard ones is counted as {@code other}.
     */
    public void request(String method, String route, int status, long nanos) {
        // Fixed histogram buckets, not quantiles computed here: those fell to 0 once a route had been
        // idle for their two-minute window and were snapped up to 12 % low; buckets never decay,
        // aggregate across daemons, and histogram_quantile() reads any quantile from them.
        Timer.builder("te.http.request.duration").description("HTTP request latency, handler time until the response is queued")
                .tag("method", KNOWN_METHODS.contains(method) ? method : "other").tag("route", route).tag("status", Integer.toString(status))
                .serviceLevelObjectives(LATENCY_BUCKETS)
                .register(registry).record(Duration.ofNanos(nanos));
    }

    /** @return every metric in the Prometheus text exposition format */
    public String scrape() {
        return registry.scrape();
    }
}
