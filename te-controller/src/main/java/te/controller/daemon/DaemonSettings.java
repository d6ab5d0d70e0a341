package te.controller.daemon;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Everything {@code te serve} is configured with, besides the topology, paths and solver.
 *
 * @param listen       where the REST server listens
 * @param stateDir     directory for crash-safe state
 * @param tokenFile    file holding the bearer token for mutating requests, if any
 * @param interval     time between periodic solves
 * @param maxBodyBytes largest request body accepted, in bytes, {@code >= 1024}
 * @param tls          HTTPS for the REST API, or plain HTTP
 * @param follow       the primary this daemon mirrors while it is not the OpenFlow master, if a standby
 */
public record DaemonSettings(ListenAddress listen, Path stateDir, Optional<Path> tokenFile, Duration interval, int maxBodyBytes,
                             Optional<te.controller.daemon.http.ApiTls> tls, Optional<PeerFollow> follow) {
    public DaemonSettings {
        requireNonNull(follow, "follow");
        requireNonNull(listen, "listen");
        requireNonNull(tls, "tls");
        requireNonNull(stateDir, "stateDir");
        requireNonNull(tokenFile, "tokenFile");
        requireNonNull(interval, "interval");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("--interval must be > 0, got " + interval);
        }
        if (maxBodyBytes < 1024) {
            throw new IllegalArgumentException("--max-body must be >= 1024 bytes, got " + maxBodyBytes);
        }
    }

    /** Settings of a daemon that follows no primary. */
    public DaemonSettings(ListenAddress listen, Path stateDir, Optional<Path> tokenFile, Duration interval, int maxBodyBytes,
                          Optional<te.controller.daemon.http.ApiTls> tls) {
        this(listen, stateDir, tokenFile, interval, maxBodyBytes, tls, Optional.empty());
    }

    /** @return these settings, following {@code f} */
    public DaemonSettings withFollow(PeerFollow f) {
        return new DaemonSettings(listen, stateDir, tokenFile, interval, maxBodyBytes, tls, Optional.of(f));
    }

    /** Settings serving plain HTTP. */
    public DaemonSettings(ListenAddress listen, Path stateDir, Optional<Path> tokenFile, Duration interval, int maxBodyBytes) {
        this(listen, stateDir, tokenFile, interval, maxBodyBytes, Optional.empty());
    }

    /** @return "https" or "http" */
    public String scheme() {
        return tls.isPresent() ? "https" : "http";
    }
}
