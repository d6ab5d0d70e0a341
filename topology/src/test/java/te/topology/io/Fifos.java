package te.topology.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** FIFOs for tests of readers that must refuse them rather than block on them. */
public final class Fifos {
    private Fifos() {
    }

    /**
     * Makes a FIFO with {@code mkfifo}. Should a reader under test open it anyway (the bug), a
     * daemon thread opens it read-write after 5 s, which wakes that reader with an empty file, so
     * the test fails on its assertion instead of hanging.
     */
    public static Path make(Path path) throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        assertThat(mkfifo.waitFor()).as("mkfifo %s: %s", path, new String(mkfifo.getInputStream().readAllBytes())).isZero();
        Thread unblocker = new Thread(() -> {
            try {
                Thread.sleep(5_000);
                // Read-write does not block on Linux, and counts as the writer a blocked reader waits for.
                FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE).close();
            } catch (Exception e) {
                // The test is over and its directory gone: nothing to unblock.
            }
        }, "fifo-unblocker");
        unblocker.setDaemon(true);
        unblocker.start();
        return path;
    }
}
