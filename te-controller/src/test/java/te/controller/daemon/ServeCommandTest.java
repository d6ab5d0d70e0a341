package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import te.controller.cli.TeCli;
import te.controller.daemon.solve.SolveSettings;

class ServeCommandTest {
    @Test
    void configFileBecomesArgumentsAndRefusesUnknownKeys(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("te.properties");
        Files.writeString(config, "# daemon\ntopology=Abilene\npop = 4\nlisten=127.0.0.1:0\nno-cache=true\n");
        assertThat(ConfigFile.arguments(config, Set.of("topology", "pop", "listen", "no-cache"), Set.of("no-cache")))
                .containsExactly("--listen=127.0.0.1:0", "--no-cache", "--pop=4", "--topology=Abilene");
        Files.writeString(config, "no-cache=false\n");
        assertThat(ConfigFile.arguments(config, Set.of("no-cache"), Set.of("no-cache"))).isEmpty();
        java.nio.file.Files.writeString(config, "topology=Abilene\nrestore-splits=false\n");
        assertThat(ConfigFile.arguments(config, Set.of("topology", "restore-splits"), Set.of("restore-splits"), Set.of("restore-splits")))
                .containsExactly("--no-restore-splits", "--topology=Abilene");
        // The real option table: restore-splits is negatable there.
        assertThat(parsed("--config", config.toString()).restoreSplits).isFalse();
        // Each of the two on-by-default switches reaches its own setting.
        java.nio.file.Files.writeString(config, "topology=Abilene\nshorter-paths=false\n");
        SolveSettings noShorter = parsed("--config", config.toString()).solveSettings();
        assertThat(noShorter.shorterPaths()).isFalse();
        assertThat(noShorter.restoreSplits()).isTrue();
        SolveSettings noRestore = parsed("-t", "Abilene", "--no-restore-splits").solveSettings();
        assertThat(noRestore.shorterPaths()).isTrue();
        assertThat(noRestore.restoreSplits()).isFalse();
        Files.writeString(config, "no-cache=maybe\n");
        assertThatThrownBy(() -> ConfigFile.arguments(config, Set.of("no-cache"), Set.of("no-cache")))
                .hasMessageContaining("no-cache=maybe, expected true or false");
        Files.writeString(config, "topolgy=Abilene\n");
        assertThatThrownBy(() -> ConfigFile.arguments(config, Set.of("topology"), Set.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown key 'topolgy', expected one of [topology]");
        Files.writeString(config, "pop=2\ntopology=Abilene\npop = 4\n");
        assertThatThrownBy(() -> ConfigFile.arguments(config, Set.of("topology", "pop"), Set.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key 'pop' is given twice ('2', then '4'); give it once");
        assertThat(run("serve", "--config", config.toString(), "--state-dir", dir.resolve("s").toString()))
                .contains("key 'pop' is given twice");
        // Empty paths would be the working directory; other scripts' digits are not numbers here.
        assertThat(run("serve", "-t", "Abilene", "--state-dir", "")).contains("--state-dir").contains("a path must not be empty");
        assertThat(run("serve", "-t", "Abilene", "--pop", "\u0664", "--state-dir", dir.resolve("s").toString()))
                .contains("'\u0664' is not a whole number (decimal digits 0-9)");
        assertThat(run("serve", "-t", "Abilene", "--pop", "99999999999", "--state-dir", dir.resolve("s").toString()))
                .contains("'99999999999' is too large a number");
        // A bad value from the file names the file; the same value on the command line does not.
        Files.writeString(config, "topology=Abilene\npartitioner=clever\n");
        assertThat(run("serve", "--config", config.toString(), "--state-dir", dir.resolve("s").toString()))
                .contains("unknown partitioner 'clever', expected random, balanced or skewed (set in config file " + config + ")");
        assertThat(run("serve", "-t", "Abilene", "--partitioner", "odd", "--state-dir", dir.resolve("s").toString()))
                .contains("unknown partitioner 'odd'").doesNotContain("set in config file");
        // The file's entries are parsed where --config stands: its bad value fails before a later flag could override it.
        assertThat(run("serve", "--config", config.toString(), "--partitioner", "random", "--state-dir", dir.resolve("s").toString()))
                .contains("unknown partitioner 'clever'").contains("(set in config file " + config + ")");
    }

    /** A flag before --config wins over the file as one after it does (the file used to override it without a word). */
    @Test
    void flagsBeforeConfigOverrideItToo(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("te.properties");
        Files.writeString(config, "topology=Abilene\nlisten=127.0.0.1:18121\nobjective=min-mlu\nshorter-paths=false\npop=4\n");
        ServeCommand c = parsed("--listen", "127.0.0.1:18124", "--shorter-paths", "--config", config.toString(), "--pop", "2");
        assertThat(c.listen).isEqualTo("127.0.0.1:18124");
        assertThat(c.solveSettings().popK()).isEqualTo(2);
        assertThat(c.solveSettings().objective()).isEqualTo(te.lp.Objective.MIN_MLU);
        assertThat(c.solveSettings().shorterPaths()).as("--shorter-paths before the file's false").isTrue();
        ServeCommand d = parsed("--no-shorter-paths", "--config", config.toString());
        assertThat(d.solveSettings().shorterPaths()).isFalse();
        ServeCommand e = parsed("--objective", "total-flow", "--config", config.toString());
        assertThat(e.solveSettings().objective()).isEqualTo(te.lp.Objective.TOTAL_FLOW);
    }

    /** The override was named on stderr only for flags before --config (review: docs say before or after). */
    @Test
    void anOverrideIsNamedWhereverTheFlagStands(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("te.properties");
        Files.writeString(config, "topology=Abilene\npop=4\nshorter-paths=false\n");
        String notice = "--pop on the command line overrides pop in " + config;
        assertThat(stderrOfParse("--pop", "2", "--config", config.toString())).contains(notice);
        assertThat(stderrOfParse("--config", config.toString(), "--pop", "2")).contains(notice).doesNotContain("topology");
        assertThat(stderrOfParse("--config", config.toString(), "--no-shorter-paths"))
                .contains("--shorter-paths on the command line overrides shorter-paths in " + config);
        assertThat(stderrOfParse("--config", config.toString())).isEmpty();
        assertThat(stderrOfParse("--config", config.toString(), "-tCogentco"))
                .contains("--topology on the command line overrides topology in " + config);
        // A second file's keys were taken for flags given before it, dropped and blamed on the command line.
        Path other = dir.resolve("other.properties");
        Files.writeString(other, "pop=8\n");
        assertThatThrownBy(() -> stderrOfParse("--config", config.toString(), "--config", other.toString()))
                .hasMessageContaining("--config is given twice (" + config + ", then " + other + ")");
    }

    private static String stderrOfParse(String... args) {
        CommandLine cli = TeCli.commandLine();
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "serve";
        System.arraycopy(args, 0, all, 1, args.length);
        cli.parseArgs(all);
        return err.toString();
    }

    @Test
    void durationsAndSizes() {
        assertThat(ServeCommand.parseDuration("300s")).isEqualTo(Duration.ofSeconds(300));
        assertThat(ServeCommand.parseDuration("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(ServeCommand.parseDuration("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(ServeCommand.parseDuration("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(ServeCommand.parseDuration("42")).isEqualTo(Duration.ofSeconds(42));
        assertThatThrownBy(() -> ServeCommand.parseDuration("soon")).hasMessageContaining("duration 'soon'");
        assertThat(ServeCommand.parseBytes("64m")).isEqualTo(64 << 20);
        assertThat(ServeCommand.parseBytes("512k")).isEqualTo(512 << 10);
        assertThatThrownBy(() -> ServeCommand.parseBytes("8g")).hasMessageContaining("size '8g'");
        // Overflowing sizes were taken modulo 2^64 (a 2 KiB or 640 MiB limit); other scripts' digits were numbers.
        assertThatThrownBy(() -> ServeCommand.parseBytes("18014398509481986k")).hasMessageContaining("is above the 2 GiB a request can hold");
        assertThatThrownBy(() -> ServeCommand.parseBytes("100000000000000000000000k")).hasMessageContaining("is above the 2 GiB");
        assertThatThrownBy(() -> ServeCommand.parseBytes("2048m")).hasMessageContaining("is above the 2 GiB");
        assertThat(ServeCommand.parseBytes("2047m")).isEqualTo(2047 << 20);
        assertThatThrownBy(() -> ServeCommand.parseBytes("\u0665\u0660\u0660\u0660")).hasMessageContaining("is not like 1048576, 512k, 64m or 1g");
        assertThatThrownBy(() -> ServeCommand.parseDuration("\u0665s")).hasMessageContaining("is not like 300s");
        assertThat(ServeCommand.parseDuration("-5s")).isEqualTo(Duration.ofSeconds(-5));
        assertThat(ServeCommand.parseDamping("off")).isNull();
        assertThat(ServeCommand.parseDamping("15s,1000,2000,60s")).isEqualTo(te.controller.southbound.FlapDamping.DEFAULT);
        assertThat(ServeCommand.parseDamping("500ms, 750, 2000.5, 1m").suppress()).isEqualTo(2000.5);
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,1000,2000"))
                .hasMessageContaining("--link-damping '15s,1000,2000' is not 'off' or HALF-LIFE,REUSE,SUPPRESS,MAX-SUPPRESS");
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,lots,2000,60s")).hasMessageContaining("REUSE and SUPPRESS must be decimal numbers");
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,1000f,0x1p11,60s")).hasMessageContaining("must be decimal numbers");
        // Beyond a double: named as typed, not as "must be positive, got Infinity".
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,1e999,2000,60s")).hasMessage("--link-damping '15s,1e999,2000,60s': '1e999' is too large a number");
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,1000, 2e400,60s")).hasMessageEndingWith("'2e400' is too large a number");
        assertThatThrownBy(() -> ServeCommand.parseDamping("1ms,1,2,3000000h")).hasMessageContaining("duration '3000000h' is too large");
        assertThatThrownBy(() -> ServeCommand.parseDamping("2d,1000,2000,3d")).hasMessageContaining("duration '2d' is not like");
        assertThatThrownBy(() -> ServeCommand.parseDamping("25h,1000,2000,60h"))
                .hasMessageContaining("half-life must be positive and at most PT24H, got PT25H");
        assertThatThrownBy(() -> ServeCommand.parseDuration("3000000000000000h")).hasMessageContaining("duration '3000000000000000h' is too large");
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,1000,2000,soon")).hasMessageContaining("duration 'soon'");
        assertThatThrownBy(() -> ServeCommand.parseDamping("0s,1000,2000,60s"))
                .hasMessageContaining("--link-damping '0s,1000,2000,60s': flap damping half-life must be positive and at most PT24H, got PT0S");
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,2000,1000,60s"))
                .hasMessageContaining("suppress threshold must be above the reuse threshold 2000.0, got 1000.0");
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,1000,2000,10s"))
                .hasMessageContaining("caps the penalty at 1587, not above the suppress threshold 2000.0")
                .hasMessageContaining("expected more than 15.0 s");
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,NaN,2000,60s")).hasMessageContaining("must be decimal numbers");
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,0,2000,60s")).hasMessageContaining("reuse threshold must be positive, got 0.0");
        // Named as typed, not as the 0.0 it reads as.
        assertThatThrownBy(() -> ServeCommand.parseDamping("15s,1e-400,2000,60s"))
                .hasMessage("--link-damping '15s,1e-400,2000,60s': '1e-400' is too small a number (not 0, but below 4.9e-324, the least a double holds: it would read as 0)");
    }

    /** Durations and sizes were refused without the option or config file that gave them (review). */
    @Test
    void aBadDurationOrSizeNamesItsOptionAndConfigFile(@TempDir Path dir) throws Exception {
        String state = dir.resolve("s").toString();
        assertThat(run("serve", "-t", "Abilene", "--openflow-listen", "127.0.0.1:0", "--link-up-hold", "5x", "--state-dir", state))
                .contains("option '--link-up-hold': duration '5x' is not like 300s, 5m, 1h or 500ms").doesNotContain("set in config file");
        assertThat(run("serve", "-t", "Abilene", "--interval", "abc", "--state-dir", state))
                .contains("option '--interval': duration 'abc' is not like");
        assertThat(run("serve", "-t", "Abilene", "--interval", "99999999999999999999s", "--state-dir", state))
                .contains("option '--interval': duration '99999999999999999999s' is too large, expected at most 3650 days");
        assertThat(run("serve", "-t", "Abilene", "--max-body", "3g", "--state-dir", state))
                .contains("option '--max-body': size '3g' is above the 2 GiB a request can hold");
        assertThat(run("serve", "-t", "Abilene", "--max-body", "1t", "--state-dir", state))
                .contains("option '--max-body': size '1t' is not like 1048576, 512k, 64m or 1g");
        assertThat(ServeCommand.parseBytes("1g")).isEqualTo(1 << 30);
        Path config = dir.resolve("c2.properties");
        Files.writeString(config, "topology=Abilene\ninterval=abc\n");
        assertThat(run("serve", "--config", config.toString(), "--state-dir", state))
                .contains("option '--interval': duration 'abc' is not like 300s, 5m, 1h or 500ms (set in config file " + config + ")");
        // A value in range is checked where it is used, and names the file too.
        Files.writeString(config, "topology=Abilene\ninterval=0\n");
        assertThat(run("serve", "--config", config.toString(), "--state-dir", state))
                .contains("--interval must be positive, got '0' (set in config file " + config + ")");
        assertThat(run("serve", "--config", config.toString(), "--interval", "0s", "--state-dir", state))
                .contains("--interval must be positive, got '0s'").doesNotContain("set in config file");
        Files.writeString(config, "topology=Abilene\nmax-body=1x\n");
        assertThat(run("serve", "--config", config.toString(), "--state-dir", state))
                .contains("option '--max-body': size '1x' is not like").contains("(set in config file " + config + ")");
    }

    @Test
    void unsafeOrInvalidSettingsExitNonZeroWithTheReason(@TempDir Path dir) throws Exception {
        assertThat(run("serve", "-t", "Abilene", "--listen", "0.0.0.0:0", "--state-dir", dir.toString()))
                .contains("error: refusing to listen on 0.0.0.0 without a token");
        Path config = dir.resolve("c.properties");
        Files.writeString(config, "topology=Abilene\nlisten=0.0.0.0:0\n");
        // The file's values are used (here an unsafe one) ...
        assertThat(run("serve", "--config", config.toString(), "--state-dir", dir.toString()))
                .contains("error: refusing to listen on 0.0.0.0 without a token");
        // ... and flags after --config override them (here a bad pop, reached because listen is now safe).
        assertThat(run("serve", "--config=" + config, "--listen", "127.0.0.1:0", "--pop", "0", "--state-dir", dir.toString()))
                .contains("POP needs 1 <= k <= 4096");
        assertThat(run("serve", "-t", "Abilene", "--listen", "127.0.0.1:0", "--gap", "0.2", "--state-dir", dir.toString()))
                .contains("error: --gap: optimality gap 0.2: expected a relative gap in [0, 0.01]");
        Files.writeString(config, "topology=Abilene\ncolour=blue\n");
        assertThat(run("serve", "--config", config.toString())).contains("unknown key 'colour'");
        assertThat(run("serve", "-t", "Abilene", "--pop", "0", "--state-dir", dir.toString())).contains("error: --pop: POP needs 1 <= k <= 4096");
        assertThat(run("serve", "-t", "Abilene", "--interval", "0s", "--state-dir", dir.toString())).contains("--interval must be positive, got '0s'");
        assertThat(run("serve", "-t", "Abilene", "--port-stats-interval", "-5s", "--state-dir", dir.toString()))
                .contains("--port-stats-interval must be 0 (off) or positive, got '-5s'");
        assertThat(run("serve", "-t", "Abilene", "--port-stats-interval", "often", "--state-dir", dir.toString()))
                .contains("duration 'often'");
        assertThat(run("serve", "-t", "Abilene", "--openflow-bundles", "--state-dir", dir.toString()))
                .contains("--openflow-bundles only applies with --openflow-listen");
        assertThat(run("serve", "-t", "Abilene", "--objective", "max-min-fair", "--solver", "pdlp", "--state-dir", dir.toString()))
                .contains("max-min fairness freezes commodities by their exact row duals, which backend pdlp does not give");
        assertThat(run("serve", "-t", "Abilene", "--no-openflow-bucket-liveness", "--state-dir", dir.toString()))
                .contains("--openflow-bucket-liveness only applies with --openflow-listen");
        assertThat(run("serve", "-t", "Abilene", "--link-damping", "off", "--state-dir", dir.toString()))
                .contains("--link-damping only applies with --openflow-listen");
        assertThat(run("serve", "-t", "Abilene", "--link-up-hold", "5s", "--state-dir", dir.toString()))
                .contains("--link-up-hold only applies with --openflow-listen");
        assertThat(run("serve", "-t", "Abilene", "--openflow-startup-wait", "30s", "--state-dir", dir.toString()))
                .contains("--openflow-startup-wait only applies with --openflow-listen");
        assertThat(run("serve", "-t", "Abilene", "--openflow-listen", "127.0.0.1:0", "--openflow-startup-wait", "-1s", "--state-dir",
                dir.toString())).contains("--openflow-startup-wait must be 0 or positive, got '-1s'");
        assertThat(run("serve", "-t", "Abilene", "--openflow-role", "slave", "--openflow-generation", "4", "--state-dir", dir.toString()))
                .contains("--openflow-role only applies with --openflow-listen");
        assertThat(run("serve", "-t", "Abilene", "--openflow-listen", "127.0.0.1:0", "--openflow-role", "master", "--state-dir", dir.toString()))
                .contains("--openflow-role master: role master needs the generation id of the election that chose the master");
        assertThat(run("serve", "-t", "Abilene", "--openflow-listen", "127.0.0.1:0", "--openflow-role", "primary",
                "--openflow-generation", "4", "--state-dir", dir.toString()))
                .contains("--openflow-role primary --openflow-generation 4: role 'primary' is not one of equal, master, slave");
        assertThat(run("serve", "-t", "Abilene", "--openflow-listen", "127.0.0.1:0", "--openflow-generation", "4", "--state-dir", dir.toString()))
                .contains("role equal takes no generation id (got '4')");
        assertThat(run("serve", "-t", "Abilene", "--openflow-listen", "127.0.0.1:0", "--openflow-role", "slave",
                "--openflow-generation", "x7", "--state-dir", dir.toString()))
                .contains("generation id 'x7' is not a whole number");
        assertThat(run("serve", "-t", "Abilene", "--follow", "ftp://10.0.0.1:8080", "--state-dir", dir.toString()))
                .contains("--follow 'ftp://10.0.0.1:8080': expected the primary's REST base as http://HOST:PORT or https://HOST:PORT");
        assertThat(run("serve", "-t", "Abilene", "--follow", "http://10.0.0.1/v1", "--state-dir", dir.toString()))
                .contains("--follow 'http://10.0.0.1/v1': expected");
        assertThat(run("serve", "-t", "Abilene", "--follow", "http://10.0.0.1:8080", "--follow-interval", "10ms", "--state-dir", dir.toString()))
                .contains("--follow-interval must be at least 100 ms, got 10 ms");
        assertThat(run("serve", "-t", "Abilene", "--follow-interval", "5s", "--state-dir", dir.toString()))
                .contains("--follow-interval only applies with --follow URL");
        assertThat(run("serve", "-t", "Abilene", "--follow", "http://10.0.0.1:8080", "--openflow-listen", "127.0.0.1:0",
                "--openflow-role", "master", "--openflow-generation", "4", "--state-dir", dir.toString()))
                .contains("--follow http://10.0.0.1:8080 with --openflow-listen needs --openflow-role slave (got master)");
        Path tls = Path.of("../southbound/src/test/resources/tls");
        assertThat(run("serve", "-t", "Abilene", "--openflow-tls-cert", tls.resolve("controller.pem").toString(), "--state-dir", dir.toString()))
                .contains("--openflow-tls-cert only applies with --openflow-listen");
        assertThat(run("serve", "-t", "Abilene", "--openflow-listen", "127.0.0.1:0", "--openflow-tls-cert",
                tls.resolve("controller.pem").toString(), "--openflow-tls-ca", tls.resolve("ca.pem").toString(), "--state-dir", dir.toString()))
                .contains("switch TLS needs all of --openflow-tls-cert, --openflow-tls-key and --openflow-tls-ca; missing --openflow-tls-key")
                .doesNotContain("null");
        assertThat(run("serve", "-t", "Abilene", "--openflow-listen", "127.0.0.1:0", "--openflow-tls-cert",
                tls.resolve("controller.pem").toString(), "--openflow-tls-key", tls.resolve("controller-pkcs1.key").toString(),
                "--openflow-tls-ca", tls.resolve("ca.pem").toString(), "--state-dir", dir.toString()))
                .contains("private key file " + tls.resolve("controller-pkcs1.key")).contains("openssl pkcs8 -topk8");
        assertThat(run("serve", "-t", "Abilene", "--tls-key", tls.resolve("controller.key").toString(), "--state-dir", dir.toString()))
                .contains("HTTPS needs both --tls-cert and --tls-key; --tls-key " + tls.resolve("controller.key") + " is given without --tls-cert");
        // "key null" named no option (review).
        assertThat(run("serve", "-t", "Abilene", "--tls-cert", "X", "--state-dir", dir.toString()))
                .contains("HTTPS needs both --tls-cert and --tls-key; --tls-cert X is given without --tls-key").doesNotContain("null");
        assertThat(run("serve", "-t", "Abilene", "--tls-client-ca", "X", "--state-dir", dir.toString()))
                .contains("--tls-client-ca X is given without --tls-cert and --tls-key");
        assertThat(run("serve", "-t", "Abilene", "--tls-cert", tls.resolve("controller.pem").toString(), "--tls-key",
                tls.resolve("rogue.key").toString(), "--state-dir", dir.toString()))
                .contains("is not the key of certificate " + tls.resolve("controller.pem"));
        Path named = dir.resolve("named.wiring");
        StringBuilder wiring = new StringBuilder();
        te.topology.Topology abilene = te.zoo.TopologyCatalog.discover().load("Abilene");
        for (int v = 0; v < abilene.nodeCount(); v++) {
            wiring.append("node %s dpid %d prefix 10.%d.0.0/16 certificate-cn sw%d\n".formatted(abilene.nodes().get(v).id(), v + 1, v, v));
        }
        Files.writeString(named, wiring);
        assertThat(run("serve", "-t", "Abilene", "--openflow-listen", "127.0.0.1:0", "--openflow-wiring", named.toString(),
                "--state-dir", dir.resolve("named").toString()))
                .contains("binds datapath ids to certificate names (certificate-cn), which needs switch TLS");
        assertThat(run("serve", "-t", "Abilene", "--min-gain", "1.5", "--state-dir", dir.toString()))
                .contains("--min-gain must be a fraction in [0, 1)");
        // Config file trouble is one line with the reason, not a wrapped exception above the usage.
        String missing = run("serve", "--config", dir.resolve("nope.properties").toString());
        assertThat(missing).contains("error: cannot read config file").contains("nope.properties: no such file or directory")
                .doesNotContain("Exception").doesNotContain("Usage:");
        // A directory read "Is a directory", the OS's words capitalised mid-line (review).
        assertThat(run("serve", "--config", dir.toString())).startsWith("error: cannot read config file " + dir
                + ": it is a directory, expected a readable properties file (key=value lines)").doesNotContain("Is a directory");
        Files.write(config, new byte[] {'p', 'o', 'p', '=', (byte) 0xff, '\n'});
        assertThat(run("serve", "--config", config.toString())).contains("not valid UTF-8 text");
    }

    private static String run(String... args) {
        CommandLine cli = TeCli.commandLine();
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        cli.setOut(new PrintWriter(new StringWriter()));
        int exit = cli.execute(args);
        assertThat(exit).as("exit code of %s", List.of(args)).isNotZero();
        return err.toString();
    }

    /** @return {@code te serve} as picocli parsed these arguments (config file read, nothing run) */
    private static ServeCommand parsed(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "serve";
        System.arraycopy(args, 0, all, 1, args.length);
        return (ServeCommand) TeCli.commandLine().parseArgs(all).subcommand().commandSpec().userObject();
    }
}
