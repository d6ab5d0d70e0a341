package te.controller.daemon;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import te.controller.cli.PathOptions;
import te.controller.cli.SolverChoice;
import te.controller.cli.TopologyOptions;
import te.controller.daemon.solve.LoggingAllocationPublisher;
import te.controller.daemon.solve.SolveSettings;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;

/** {@code te serve}: the long-running controller daemon with its REST API. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Run the controller: REST demand upload, event-driven and periodic re-solve, crash-safe state, metrics.")
public final class ServeCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);

    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions topologyOptions;

    @Mixin
    PathOptions pathOptions;

    @Mixin
    SolverChoice solverChoice;

    @Option(names = "--pop", defaultValue = "1", paramLabel = "K", description = "POP sub-problems; 1 solves the full LP (default: ${DEFAULT-VALUE}).")
    int popK;

    @Option(names = "--client-split", defaultValue = "0", paramLabel = "T", description = "POP client-splitting threshold (default: ${DEFAULT-VALUE}).")
    double clientSplit;

    @Option(names = "--partitioner", defaultValue = "random", paramLabel = "random|balanced|skewed",
            converter = te.controller.cli.NameConverters.PartitionerName.class, description = "How POP assigns commodities to sub-problems; balanced is load-aware (default: ${DEFAULT-VALUE}).")
    te.lp.pop.Partitioner partitioner;

    @Option(names = "--time-limit", defaultValue = "120", paramLabel = "SECONDS",
            description = "Time limit of one solve in seconds, over every LP it takes (POP: the whole solve, each sub-problem getting what is left of it); on expiry the best feasible allocation its rounds found is published under status TIME_LIMIT, or, without one, the last good allocation stays (default: ${DEFAULT-VALUE}).")
    double timeLimitSeconds;

    @Option(names = "--min-gain", defaultValue = "0", paramLabel = "FRACTION",
            description = "Keep the served splits, fitted to new demands and links, unless a re-solve improves the objective by "
                    + "more than this fraction (e.g. 0.005 = 0.5 %%): fewer moved flows for a bounded loss; total-flow, "
                    + "concurrent-flow and min-mlu (default: ${DEFAULT-VALUE}, always take the re-solve).")
    double minGain;

    @Option(names = "--restore-splits", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Put the served splits back into each re-solve's allocation wherever capacity allows, keeping the "
                    + "re-solve's flow per commodity, so its objective is unchanged and fewer commodities move (not after a link or "
                    + "capacity comes back; default: on; --no-restore-splits publishes the solver's allocation as it is).")
    boolean restoreSplits;

    @Option(names = "--interval", defaultValue = "300s", paramLabel = "DURATION", converter = DurationText.class,
            description = "Re-solve when no solve has ended for this long, e.g. 300s, 5m, 1h, 500ms (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--follow", paramLabel = "URL",
            description = "Run as a standby of the daemon at URL (http(s)://HOST:PORT): while this one is not OpenFlow master, "
                    + "mirror its demands and the operator's link states (down, capacity, drain) and refuse changes here with 409. "
                    + "With --openflow-listen it needs --openflow-role slave; without it there is no role to claim, and it follows "
                    + "until restarted without --follow.")
    String follow;

    @Option(names = "--follow-interval", defaultValue = "1s", paramLabel = "DURATION", converter = DurationText.class,
            description = "Time between two reads of the --follow primary (default: ${DEFAULT-VALUE}; at least 100ms).")
    String followInterval;

    @Option(names = "--listen", defaultValue = "127.0.0.1:8080", paramLabel = "HOST:PORT",
            description = "Address to serve on; port 0 picks a free one (default: ${DEFAULT-VALUE}).")
    String listen;

    @Option(names = "--state-dir", defaultValue = "te-state", paramLabel = "DIR", description = "Crash-safe state directory (default: ${DEFAULT-VALUE}).")
    Path stateDir;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "File with the bearer token every mutating request must carry; required to listen beyond loopback.")
    Path tokenFile;

    @Option(names = "--tls-cert", paramLabel = "FILE",
            description = "Serve the REST API over HTTPS with this PEM certificate (chain); needs --tls-key. Off by default (HTTP).")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE",
            description = "With --tls-cert: its private key, PEM, unencrypted PKCS#8 ('BEGIN PRIVATE KEY'; RSA, EC or Ed25519).")
    Path tlsKey;

    @Option(names = "--tls-client-ca", paramLabel = "FILE",
            description = "With --tls-cert: REST clients must show a certificate that chains to one of these PEM certificates.")
    Path tlsClientCa;

    @Option(names = "--max-body", defaultValue = "256m", paramLabel = "BYTES", converter = SizeText.class,
            description = "Largest request body, e.g. 1048576, 512k, 64m, 1g (at least 1k, below 2g); larger ones get 413 (default: ${DEFAULT-VALUE}).")
    String maxBody;

    @Option(names = "--openflow-listen", paramLabel = "HOST:PORT",
            description = "Also push every new allocation to OpenFlow 1.3 switches connecting here (e.g. 127.0.0.1:6653), "
                    + "wired by the conventional scheme (node i = dpid i+1, hosts on port 1, arcs on ports 2..); off by default.")
    String openflowListen;

    @Option(names = "--port-stats-interval", defaultValue = "10s", paramLabel = "DURATION", converter = DurationText.class,
            description = "With --openflow-listen: how often the switches' port counters are read for the measured link loads "
                    + "(GET /v1/links/load, metrics); 0 turns it off (default: ${DEFAULT-VALUE}).")
    String portStatsInterval;

    @Option(names = "--openflow-wiring", paramLabel = "FILE",
            description = "Datapath ids, host prefixes and ports of the real switches ('node ID dpid DPID prefix P [host-port N] "
                    + "[certificate-cn NAME]', 'link SRC DST port N' lines); without it the conventional wiring is used.")
    Path openflowWiring;

    @Option(names = "--openflow-startup-wait", defaultValue = "15s", paramLabel = "DURATION", converter = DurationText.class,
            description = "With --openflow-listen: after the start, how long the first push waits for the switches it programs to "
                    + "connect (a push without them would leave out the paths through them); one still away after it is taken to "
                    + "hold what its neighbours show; 0 does not wait (default: ${DEFAULT-VALUE}, above Open vSwitch's 8 s "
                    + "reconnect backoff).")
    String openflowStartupWait;

    @Option(names = "--link-up-hold", defaultValue = "3s", paramLabel = "DURATION", converter = DurationText.class,
            description = "With --openflow-listen: a link the switches reported down is restored only once its ports have been up "
                    + "this long without a break, so a flapping port does not re-solve and push per flap; failures apply at once; "
                    + "0 restores at once (default: ${DEFAULT-VALUE}).")
    String linkUpHold;

    @Option(names = "--link-damping", defaultValue = "15s,1000,2000,60s", paramLabel = "HALF-LIFE,REUSE,SUPPRESS,MAX-SUPPRESS",
            description = "With --openflow-listen: flap damping of links the switches report. Each time a link goes down it earns "
                    + "a penalty of 1000, halving every HALF-LIFE; above SUPPRESS the link is kept down, even with its ports up, "
                    + "until the penalty is below REUSE, and at most MAX-SUPPRESS after its last flap; 'off' turns it off "
                    + "(default: ${DEFAULT-VALUE}: three flaps within about 15 s).")
    String linkDamping;

    @Option(names = "--openflow-bundles", defaultValue = "false",
            description = "With --openflow-listen: send each phase of a push to a switch as one atomic bundle (ONF EXT-230) where "
                    + "the switch takes bundles, so that a failed phase leaves it unchanged; off by default (on Open vSwitch 3.1 "
                    + "no faster).")
    boolean openflowBundles;

    @Option(names = "--openflow-bucket-liveness", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "With --openflow-listen: each bucket of a commodity's SELECT group watches the port it sends out of "
                    + "(OpenFlow bucket liveness), so a switch that honours it (Open vSwitch does) spreads the share of a path "
                    + "whose first link went down over the commodity's other paths at once, before the controller hears of the "
                    + "failure; --no-openflow-bucket-liveness for switches that refuse watch ports in SELECT groups "
                    + "(default: on).")
    boolean openflowBucketLiveness;

    @Option(names = "--openflow-role", defaultValue = "equal", paramLabel = "ROLE",
            description = "With --openflow-listen: the OpenFlow role asked of every switch: 'equal' (default: none asked, shared "
                    + "access), or with several controllers on the same switches 'master' (the one that programs them) or 'slave' "
                    + "(a standby: follows demands and ports, solves, programs nothing); master and slave need --openflow-generation. "
                    + "POST /v1/openflow/role changes it while running (failover).")
    String openflowRole;

    @Option(names = "--openflow-generation", paramLabel = "N",
            description = "With --openflow-role master or slave: the generation id of the election that chose the master "
                    + "(unsigned 64-bit); a switch refuses a claim older than the newest it has seen, which fences off a "
                    + "controller that lost an election.")
    String openflowGeneration;

    @Option(names = "--openflow-tls-cert", paramLabel = "FILE",
            description = "With --openflow-listen: take switches only over mutual TLS (Open vSwitch 'ssl:' targets), showing this "
                    + "PEM certificate (chain); needs --openflow-tls-key and --openflow-tls-ca. Off by default (plain TCP).")
    Path openflowTlsCert;

    @Option(names = "--openflow-tls-key", paramLabel = "FILE",
            description = "With --openflow-tls-cert: its private key, PEM, unencrypted PKCS#8 ('BEGIN PRIVATE KEY'; RSA, EC or Ed25519).")
    Path openflowTlsKey;

    @Option(names = "--openflow-tls-ca", paramLabel = "FILE",
            description = "With --openflow-tls-cert: PEM certificates (usually the switches' CA) that a switch's certificate must "
                    + "chain to; a switch without one is refused at the handshake.")
    Path openflowTlsCa;

    @Option(names = "--config", paramLabel = "FILE", preprocessor = ConfigFile.Preprocessor.class,
            description = "Properties file with any of these options by long name (topology=Kdl, pop=16, …); flags on the command line override it, before or after --config.")
    Path config;

    /** @throws IllegalArgumentException naming the flag and the value */
    /**
     * @return how each solve runs, from the flags
     * @throws IllegalArgumentException naming a flag value out of range
     */
    SolveSettings solveSettings() {
        te.controller.cli.TeCli.pop(popK, clientSplit);
        return new SolveSettings(solverChoice.objective(), solverChoice.solver(), popK, clientSplit,
                timeLimitSeconds, pathOptions.threads(), partitioner, solverChoice.gap(), minGain, restoreSplits, solverChoice.shorterPaths());
    }

    private te.southbound.RoleClaim roleClaim() {
        try {
            return te.controller.daemon.api.RoleClaims.parse(openflowRole, openflowGeneration);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--openflow-role %s%s: %s".formatted(openflowRole,
                    openflowGeneration == null ? "" : " --openflow-generation " + openflowGeneration, e.getMessage()));
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        Duration every = parseDuration(interval);
        if (every.isZero() || every.isNegative()) {
            throw new IllegalArgumentException("--interval must be positive, got '%s'".formatted(interval));
        }
        DaemonSettings settings = new DaemonSettings(ListenAddress.parse(listen), stateDir, Optional.ofNullable(tokenFile),
                every, parseBytes(maxBody), apiTls());
        if (follow != null) {
            settings = settings.withFollow(new PeerFollow(PeerFollow.parsePeer(follow), parseDuration(followInterval)));
            // A master must not mirror its standby: it would take back an older word.
            if (openflowListen != null && roleClaim().role() != te.southbound.openflow.ControllerRole.SLAVE) {
                throw new IllegalArgumentException(("--follow %s with --openflow-listen needs --openflow-role slave (got %s): a standby "
                        + "follows its primary until it is made master").formatted(follow, openflowRole));
            }
        } else if (spec.commandLine().getParseResult().hasMatchedOption("--follow-interval")) {
            throw new IllegalArgumentException("--follow-interval only applies with --follow URL, which is not given");
        }
        SolveSettings solve = solveSettings();
        Duration upHold = notNegative("--link-up-hold", linkUpHold, "0 or positive");
        Duration startupWait = notNegative("--openflow-startup-wait", openflowStartupWait, "0 or positive");
        te.controller.southbound.FlapDamping damping = parseDamping(linkDamping);
        Duration statsInterval = notNegative("--port-stats-interval", portStatsInterval, "0 (off) or positive");
        if (openflowListen == null) {
            // Said, not silently ignored: the operator believes the switches are followed.
            for (String name : List.of("--openflow-wiring", "--openflow-bundles", "--openflow-bucket-liveness",
                    "--openflow-startup-wait", "--link-up-hold", "--link-damping", "--port-stats-interval",
                    "--openflow-tls-cert", "--openflow-tls-key", "--openflow-tls-ca", "--openflow-role", "--openflow-generation")) {
                if (spec.commandLine().getParseResult().hasMatchedOption(name)) {
                    throw new IllegalArgumentException("%s only applies with --openflow-listen HOST:PORT, which is not given".formatted(name));
                }
            }
        }
        te.southbound.RoleClaim flagsRole = roleClaim();
        // Checked before the (possibly long) path precomputation, so the refusal is immediate.
        Daemon.requireSafeListen(settings);
        Optional<te.southbound.SwitchTls> tls = switchTls();
        long start = System.nanoTime();
        Topology topology = topologyOptions.load();
        LOG.info("loaded topology {}: {} nodes, {} arcs, content hash {}", topology.name(), topology.nodeCount(), topology.arcCount(),
                topology.contentHash().substring(0, 12));
        PathSet paths = pathOptions.allPairs(topology, PathPrecomputation.Progress.NONE);
        LOG.info("paths {}: {} pairs, {} paths, ready in {} s", paths.spec().label(), paths.pairCount(), paths.pathCount(),
                "%.2f".formatted((System.nanoTime() - start) / 1e9));
        LoggingAllocationPublisher logging = new LoggingAllocationPublisher();
        te.controller.southbound.OpenFlowPublisher openflow = null;
        if (openflowListen != null) {
            ListenAddress of = ListenAddress.parse(openflowListen);
            te.controller.southbound.Wiring wiring = openflowWiring == null
                    ? new te.controller.southbound.ConventionalWiring(topology)
                    : readWiring(topology, openflowWiring);
            te.southbound.SouthboundConfig config = te.southbound.SouthboundConfig.defaults()
                    .withListen(new java.net.InetSocketAddress(of.host(), of.port())).withBundles(openflowBundles)
                    .withBucketLiveness(openflowBucketLiveness)
                    .withStartupWaitMs(startupWait.toMillis());
            // Before any switch connects: a claim made through the API before a restart may be newer than the flags.
            te.southbound.RoleClaim role = RoleBook.atStart(stateDir, flagsRole);
            config = config.withRole(role);
            if (role.role() != te.southbound.openflow.ControllerRole.EQUAL) {
                LOG.info("asking every switch for the role {}{}", role, role.programs() ? "" : ": standby, nothing is programmed");
            }
            java.util.Map<te.southbound.Dpid, String> names = new java.util.HashMap<>();
            for (int v = 0; v < topology.nodeCount(); v++) {
                int node = v;
                wiring.certificateName(v).ifPresent(name -> names.put(wiring.dpid(node), name));
            }
            if (!names.isEmpty() && tls.isEmpty()) {
                throw new IllegalArgumentException(("--openflow-wiring %s binds datapath ids to certificate names (certificate-cn), "
                        + "which needs switch TLS: give --openflow-tls-cert, --openflow-tls-key and --openflow-tls-ca").formatted(openflowWiring));
            }
            if (tls.isPresent()) {
                config = config.withTls(tls.get()).withCertificateNames(names);
                LOG.info("switches must connect over {}{}", tls.get().describe(), names.isEmpty() ? ""
                        : ", each with the certificate name its node's wiring line gives");
            } else if (!of.isLoopback()) {
                LOG.warn("--openflow-listen {} takes switches over plain TCP beyond loopback: anyone who reaches it can "
                        + "pose as a switch; give --openflow-tls-cert/-key/-ca", openflowListen);
            }
            openflow = te.controller.southbound.OpenFlowPublisher.start(topology, wiring, config, upHold.toMillis(), damping);
        }
        te.controller.southbound.OpenFlowPublisher switches = openflow;
        Daemon daemon;
        try {
            daemon = Daemon.start(topology, paths, settings, solve, switches == null ? logging : snapshot -> {
                logging.publish(snapshot);
                switches.publish(snapshot);
            });
        } catch (RuntimeException e) {
            if (switches != null) {
                switches.close();
            }
            throw e;
        }
        if (switches != null) {
            daemon.showSwitches(switches);
            switches.followPorts(daemon::links, daemon::reportSwitchPorts);
            switches.keepFlapPenalties(daemon);
            if (!statsInterval.isZero()) {
                switches.followLoads(daemon::reportLinkLoads, statsInterval);
            }
        } else {
            int forgotten = daemon.forgetSwitchReports();
            if (forgotten > 0) {
                LOG.warn("{} arcs were down by switch port reports saved in the state; without --openflow-listen no switch "
                        + "can confirm or lift them, so they are up again", forgotten);
            }
        }
        daemon.startFollowing();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            // Reports first: a port report landing in the closed daemon would write to a closed store.
            // The switches' connections last: the daemon's last pass may still publish to them.
            if (switches != null) {
                switches.stopReporting();
            }
            daemon.close();
            if (switches != null) {
                switches.close();
            }
            stopped.countDown();
        }, "te-shutdown"));
        spec.commandLine().getOut().printf("te serve: listening on %s%n", settings.listen().url(settings.scheme(), daemon.port()));
        spec.commandLine().getOut().flush();
        stopped.await();
        return 0;
    }

    /** @return the REST API's HTTPS that --tls-cert/--tls-key (and --tls-client-ca) give, read and checked now, or empty */
    private Optional<te.controller.daemon.http.ApiTls> apiTls() {
        if (tlsCert == null && tlsKey == null && tlsClientCa == null) {
            return Optional.empty();
        }
        if (tlsCert == null || tlsKey == null) {
            // Named by what is missing: "key null" left the operator to guess the option.
            String given = tlsCert != null ? "--tls-cert " + tlsCert : tlsKey != null ? "--tls-key " + tlsKey : "--tls-client-ca " + tlsClientCa;
            String missing = tlsCert != null ? "--tls-key" : tlsKey != null ? "--tls-cert" : "--tls-cert and --tls-key";
            throw new IllegalArgumentException("HTTPS needs both --tls-cert and --tls-key; %s is given without %s".formatted(given, missing));
        }
        te.controller.daemon.http.ApiTls tls = te.controller.daemon.http.ApiTls.fromPem(tlsCert, tlsKey, Optional.ofNullable(tlsClientCa),
                java.time.Instant.now());
        LOG.info("REST API over {}", tls.describe());
        return Optional.of(tls);
    }

    /** @return the switch TLS the three --openflow-tls-* options give, read and checked now, or empty when none is given */
    private Optional<te.southbound.SwitchTls> switchTls() {
        List<Path> given = java.util.Arrays.asList(openflowTlsCert, openflowTlsKey, openflowTlsCa);
        if (given.stream().allMatch(java.util.Objects::isNull)) {
            return Optional.empty();
        }
        if (given.stream().anyMatch(java.util.Objects::isNull)) {
            List<String> names = List.of("--openflow-tls-cert", "--openflow-tls-key", "--openflow-tls-ca");
            List<String> missing = new java.util.ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                if (given.get(i) == null) {
                    missing.add(names.get(i));
                }
            }
            throw new IllegalArgumentException("switch TLS needs all of --openflow-tls-cert, --openflow-tls-key and --openflow-tls-ca; missing %s"
                    .formatted(String.join(" and ", missing)));
        }
        return Optional.of(te.southbound.SwitchTls.fromPem(openflowTlsCert, openflowTlsKey, openflowTlsCa, java.time.Instant.now()));
    }

    private static te.controller.southbound.Wiring readWiring(Topology topology, Path file) {
        try {
            return te.controller.southbound.FileWiring.read(topology, file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read wiring file " + file, e);
        }
    }

    /** Longest duration any option takes: ten years is "never" for every one of them, and converts to ms without overflow. */
    private static final Duration LONGEST_DURATION = Duration.ofDays(3650);

    /**
     * @param expected what the flag takes, for the message
     * @return the flag's duration
     * @throws IllegalArgumentException naming the flag and its value if it is not a duration or is negative
     */
    private static Duration notNegative(String flag, String text, String expected) {
        Duration d = parseDuration(text);
        if (d.isNegative()) {
            throw new IllegalArgumentException("%s must be %s, got '%s'".formatted(flag, expected, text));
        }
        return d;
    }

    /**
     * @param text {@code 300s}, {@code 5m}, {@code 1h}, {@code 500ms} or plain seconds
     * @throws IllegalArgumentException naming the value
     */
    static Duration parseDuration(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        // ASCII digits only (Long.parseLong would also take other scripts' digits); a sign is allowed
        // so that a negative value is named by the option that refuses it.
        if (!t.matches("-?[0-9]+(ms|s|m|h)?")) {
            throw new IllegalArgumentException("duration '%s' is not like 300s, 5m, 1h or 500ms".formatted(text));
        }
        Duration d;
        try {
            if (t.endsWith("ms")) {
                d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            } else {
                long unit = switch (t.isEmpty() ? ' ' : t.charAt(t.length() - 1)) {
                    case 's' -> 1;
                    case 'm' -> 60;
                    case 'h' -> 3600;
                    default -> 0;
                };
                d = unit == 0 ? Duration.ofSeconds(Long.parseLong(t))
                        : Duration.ofSeconds(Math.multiplyExact(Long.parseLong(t.substring(0, t.length() - 1)), unit));
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // The pattern above admits digits only: a number Long.parseLong refuses is too long for a long.
            d = null;
        }
        if (d == null || d.compareTo(LONGEST_DURATION) > 0) {
            throw new IllegalArgumentException("duration '%s' is too large, expected at most %d days".formatted(text, LONGEST_DURATION.toDays()));
        }
        return d;
    }

    /**
     * @param text {@code off}, or {@code HALF-LIFE,REUSE,SUPPRESS,MAX-SUPPRESS} (durations as
     *             {@link #parseDuration}, thresholds as penalties)
     * @return the damping, or null for off
     * @throws IllegalArgumentException naming the value and what was expected
     */
    public static te.controller.southbound.FlapDamping parseDamping(String text) {
        if (text.strip().equalsIgnoreCase("off")) {
            return null;
        }
        String[] parts = text.split(",", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("--link-damping '%s' is not 'off' or HALF-LIFE,REUSE,SUPPRESS,MAX-SUPPRESS (e.g. 15s,1000,2000,60s)"
                    .formatted(text));
        }
        double reuse = te.topology.io.PlainDecimal.parse(parts[1]);
        double suppress = te.topology.io.PlainDecimal.parse(parts[2]);
        if (Double.isNaN(reuse) || Double.isNaN(suppress)) {
            throw new IllegalArgumentException("--link-damping '%s': REUSE and SUPPRESS must be decimal numbers (penalties; 1000 per flap)"
                    .formatted(text));
        }
        if (Double.isInfinite(reuse) || Double.isInfinite(suppress)) {
            // Named as typed, as the decimal flags are: the range check would say "must be positive, got Infinity".
            throw new IllegalArgumentException("--link-damping '%s': '%s' is too large a number".formatted(text,
                    (Double.isInfinite(reuse) ? parts[1] : parts[2]).strip()));
        }
        for (String part : new String[] {parts[1], parts[2]}) {
            if (te.topology.io.PlainDecimal.underflows(part)) {
                // Else named as the 0.0 it reads as: "reuse threshold must be positive, got 0.0".
                throw new IllegalArgumentException("--link-damping '%s': %s".formatted(text, te.topology.io.PlainDecimal.tooSmall(part)));
            }
        }
        try {
            return new te.controller.southbound.FlapDamping(parseDuration(parts[0]), reuse, suppress, parseDuration(parts[3]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--link-damping '%s': %s".formatted(text, e.getMessage()));
        }
    }

    /**
     * @param text bytes, or with a binary suffix {@code k}, {@code m}, {@code g}
     * @throws IllegalArgumentException naming the value
     */
    static int parseBytes(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        long factor = t.endsWith("k") ? 1L << 10 : t.endsWith("m") ? 1L << 20 : t.endsWith("g") ? 1L << 30 : 1;
        String digits = factor == 1 ? t : t.substring(0, t.length() - 1);
        // ASCII digits only: Long.parseLong would also take other scripts' digits.
        if (!digits.matches("[0-9]{1,18}")) {
            if (digits.matches("[0-9]+")) {
                throw new IllegalArgumentException("size '%s' is above the 2 GiB a request can hold".formatted(text));
            }
            throw new IllegalArgumentException("size '%s' is not like 1048576, 512k, 64m or 1g".formatted(text));
        }
        long number = Long.parseLong(digits);
        // Compared before multiplying, which could overflow.
        if (number > (Integer.MAX_VALUE - 1024L) / factor) {
            throw new IllegalArgumentException("size '%s' is above the 2 GiB a request can hold".formatted(text));
        }
        return (int) (number * factor);
    }

    /**
     * Checks an option's text as it is parsed, so that the refusal names the option, and the config
     * file when the value comes from one, as other options' conversions do; the text is kept, each
     * option's range is checked where it is used.
     */
    abstract static class CheckedText implements ITypeConverter<String> {
        private final java.util.function.Consumer<String> check;

        /** @param check throws IllegalArgumentException naming the value when it is not one */
        CheckedText(java.util.function.Consumer<String> check) {
            this.check = check;
        }

        @Override
        public String convert(String text) {
            try {
                check.accept(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
            return text;
        }
    }

    /** A duration's text ({@link #parseDuration}). */
    static final class DurationText extends CheckedText {
        DurationText() {
            super(ServeCommand::parseDuration);
        }
    }

    /** A size's text in bytes ({@link #parseBytes}). */
    static final class SizeText extends CheckedText {
        SizeText() {
            super(ServeCommand::parseBytes);
        }
    }
}
