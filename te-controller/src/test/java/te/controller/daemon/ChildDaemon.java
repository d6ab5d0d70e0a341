package te.controller.daemon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import te.zoo.TopologyCatalog;

/** {@code te serve} in a real child JVM on the test class path, killable with SIGKILL. */
final class ChildDaemon implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");
    final Process process;
    final int port;

    private ChildDaemon(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts the child and waits for its "listening" line (it prints it once the server is bound). */
    static ChildDaemon start(String topology, Path stateDir, Path log) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx1g");
        TopologyCatalog.discoverDirectory().ifPresent(dir -> cmd.add("-D" + TopologyCatalog.DIR_PROPERTY + "=" + dir.toAbsolutePath()));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "te.controller.cli.TeCli", "serve", "-t", topology,
                "--listen", "127.0.0.1:0", "--state-dir", stateDir.toString(), "--cache-dir", stateDir.resolveSibling("paths").toString(),
                "--threads", "1", "--interval", "1h", "--time-limit", "120"));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            Matcher m = LISTENING.matcher(line);
            if (m.find()) {
                return new ChildDaemon(p, Integer.parseInt(m.group(1)));
            }
        }
        p.destroyForcibly();
        throw new IllegalStateException("child daemon exited before listening; its log:\n" + Files.readString(log));
    }

    /** SIGKILL: no shutdown hook, no flush, exactly what a crash or the OOM killer does. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
