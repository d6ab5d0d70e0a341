package te.southbound.ovs;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private Open vSwitch instance (ovsdb-server + ovs-vswitchd, userspace datapath) in a temp
 * directory. Both daemons run in the foreground as children of this JVM, so they are stopped by
 * the exact processes started here and reaped (no --detach, no pidfile guessing), and no other
 * OVS on the machine is touched. Every command gets OVS_RUNDIR/OVS_LOGDIR/OVS_DBDIR = the temp
 * directory, so management sockets live there too.
 */
public final class OvsSandbox implements AutoCloseable {
    private static final String SCHEMA = "/usr/share/openvswitch/vswitch.ovsschema";
    private static final String[] BINARIES = {"ovsdb-tool", "ovsdb-server", "ovs-vswitchd", "ovs-vsctl", "ovs-ofctl"};

    /**
     * Userspace-datapath OVS instances share host-wide names (the ovs-netdev tap device, one tap
     * per bridge name), so two at once on one machine (two builds) would collide: each sandbox
     * holds this lock from start to close. The OS drops it if the JVM dies.
     */
    private static final Path LOCK = Path.of(System.getProperty("java.io.tmpdir"), "te-ovs-sandbox.lock");

    private final Path dir;
    private FileChannel lockChannel;
    private Process ovsdb;
    private Process vswitchd;

    private OvsSandbox(Path dir) {
        this.dir = dir;
    }

    /** @return null if OVS can run here, else why not (for a JUnit assumption) */
    public static String unavailableReason() {
        List<String> missing = new ArrayList<>();
        for (String b : BINARIES) {
            if (Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                    .noneMatch(p -> Files.isExecutable(Path.of(p, b)))) {
                missing.add(b);
            }
        }
        if (!Files.exists(Path.of(SCHEMA))) {
            missing.add(SCHEMA);
        }
        return missing.isEmpty() ? null
                : "Open vSwitch not installed (missing " + missing + "); apt-get install openvswitch-switch";
    }

    /** Skips the calling test (a JUnit assumption) with the reason when OVS cannot run here. */
    public static void assumeAvailable() {
        String reason = unavailableReason();
        org.junit.jupiter.api.Assumptions.assumeTrue(reason == null, reason);
    }

    /** Creates the database and starts both daemons. */
    public static OvsSandbox start() throws Exception {
        FileChannel lock = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        lock.lock(); // waits while another build's sandbox runs
        OvsSandbox s = new OvsSandbox(Files.createTempDirectory("te-ovs-"));
        s.lockChannel = lock;
        try {
            s.run(30, "ovsdb-tool", "create", s.path("conf.db"), SCHEMA);
            s.ovsdb = s.spawn("ovsdb.log", "ovsdb-server", "--remote=punix:" + s.path("db.sock"),
                    "--unixctl=" + s.path("ovsdb.ctl"), s.path("conf.db"));
            s.waitFor(s.dir.resolve("db.sock"));
            s.vsctl("--no-wait", "init");
            s.startVswitchd();
            return s;
        } catch (Exception e) {
            s.close();
            throw e;
        }
    }

    /** Starts ovs-vswitchd (again); returns when its control socket answers. */
    public void startVswitchd() throws Exception {
        Files.deleteIfExists(dir.resolve("vswitchd.ctl"));
        vswitchd = spawn("vswitchd.log", "ovs-vswitchd", "unix:" + path("db.sock"), "--unixctl=" + path("vswitchd.ctl"));
        waitFor(dir.resolve("vswitchd.ctl"));
    }

    /** Stops ovs-vswitchd (SIGTERM, then SIGKILL): flows and groups are lost, as on a reboot. */
    public void stopVswitchd() {
        stop(vswitchd);
        vswitchd = null;
    }

    /** Freezes (SIGSTOP) or thaws (SIGCONT) ovs-vswitchd: a hung switch keeps its TCP connections. */
    public void freezeVswitchd(boolean frozen) throws Exception {
        run(10, "kill", frozen ? "-STOP" : "-CONT", Long.toString(vswitchd.pid()));
    }

    /** Runs ovs-vsctl against this instance's database. */
    public String vsctl(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("ovs-vsctl", "--timeout=20", "--db=unix:" + path("db.sock")));
        cmd.addAll(List.of(args));
        return run(30, cmd.toArray(String[]::new));
    }

    /** Runs {@code ovs-ofctl -O OpenFlow13} against a bridge of this instance. */
    public String ofctl(String command, String bridge, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("ovs-ofctl", "-O", "OpenFlow13", command, bridge));
        cmd.addAll(List.of(args));
        return run(30, cmd.toArray(String[]::new));
    }

    /** Runs {@code ovs-appctl} against this instance's ovs-vswitchd (e.g. {@code ofproto/trace}). */
    public String appctl(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("ovs-appctl", "-t", path("vswitchd.ctl")));
        cmd.addAll(List.of(args));
        return run(30, cmd.toArray(String[]::new));
    }

    /** @return resident memory of ovs-vswitchd in MiB, from /proc */
    public long vswitchdRssMib() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(vswitchd.pid()), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        return -1;
    }

    /** @return the sandbox directory (logs are there) */
    public Path dir() {
        return dir;
    }

    private String path(String name) {
        return dir.resolve(name).toString();
    }

    private ProcessBuilder builder(String... cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("OVS_RUNDIR", dir.toString());
        pb.environment().put("OVS_LOGDIR", dir.toString());
        pb.environment().put("OVS_DBDIR", dir.toString());
        return pb;
    }

    private Process spawn(String log, String... cmd) throws IOException {
        return builder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve(log).toFile()).start();
    }

    String run(int timeoutS, String... cmd) throws Exception {
        Path out = Files.createTempFile(dir, "cmd", ".out");
        Path err = Files.createTempFile(dir, "cmd", ".err");
        Process p = builder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new IllegalStateException("timed out after %d s: %s".formatted(timeoutS, String.join(" ", cmd)));
        }
        String stdout = Files.readString(out);
        String stderr = Files.readString(err);
        Files.delete(out);
        Files.delete(err);
        if (p.exitValue() != 0) {
            throw new IllegalStateException("exit %d: %s%n%s".formatted(p.exitValue(), String.join(" ", cmd), stderr));
        }
        return stdout;
    }

    private void waitFor(Path socket) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(socket)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("OVS did not create " + socket + " within 20 s; see logs in " + dir);
            }
            Thread.sleep(20);
        }
    }

    /**
     * The userspace datapath gives each bridge a persistent tap device (named like the bridge) and
     * itself one (ovs-netdev); a killed ovs-vswitchd leaves them in the host's namespace. Deleting
     * the bridges and exiting with --cleanup removes them.
     */
    private void removeBridges() {
        if (vswitchd == null || !vswitchd.isAlive()) {
            return;
        }
        try {
            List<String> args = new ArrayList<>();
            for (String br : vsctl("list-br").split("\n")) {
                if (!br.isBlank()) {
                    if (!args.isEmpty()) {
                        args.add("--");
                    }
                    args.addAll(List.of("del-br", br.strip()));
                }
            }
            if (!args.isEmpty()) {
                vsctl(args.toArray(String[]::new));
            }
            run(20, "ovs-appctl", "-t", path("vswitchd.ctl"), "exit", "--cleanup");
            vswitchd.waitFor(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            System.err.println("OVS sandbox " + dir + ": clean exit failed (" + e.getMessage() + "); killing it");
        }
    }

    private static void stop(Process p) {
        if (p == null) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops both daemons (only the processes this sandbox started) and deletes the directory,
     * unless {@code -Dte.ovs.keep=true} asks to keep it for its logs.
     */
    @Override
    public void close() {
        removeBridges();
        stop(vswitchd);
        stop(ovsdb);
        try {
            lockChannel.close(); // releases the lock
        } catch (IOException e) {
            // closing a lock file cannot lose anything
        }
        if (Boolean.getBoolean("te.ovs.keep")) {
            System.out.println("OVS sandbox kept in " + dir);
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // leftovers in /tmp are harmless; the daemons are stopped, which is what matters
        }
    }
}
