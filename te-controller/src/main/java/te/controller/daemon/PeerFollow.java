package te.controller.daemon;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;

/**
 * A standby's link to its primary ({@code te serve --follow URL}): while this daemon is not the
 * OpenFlow master it mirrors the primary's demands and the operator's link states (failed,
 * re-rated and drained links) every {@code interval}, and refuses changes of its own.
 *
 * @param peer     the primary's REST base, {@code http(s)://HOST:PORT}
 * @param interval time between two reads of the primary
 * @param timeout  longest wait for one whole answer of the primary, body included
 */
public record PeerFollow(URI peer, Duration interval, Duration timeout) {
    /** Default {@link #timeout}: Kdl's 31 MB demand matrix crosses a 100 Mbit/s path in under 3 s. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /** Shortest interval accepted: each read renders the primary's whole demand matrix when it changed. */
    public static final Duration MIN_INTERVAL = Duration.ofMillis(100);

    /** With the default timeout. */
    public PeerFollow(URI peer, Duration interval) {
        this(peer, interval, DEFAULT_TIMEOUT);
    }

    public PeerFollow {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("follow timeout must be positive, got %d ms".formatted(timeout.toMillis()));
        }
        if (interval.compareTo(MIN_INTERVAL) < 0) {
            throw new IllegalArgumentException("--follow-interval must be at least %d ms, got %d ms".formatted(MIN_INTERVAL.toMillis(), interval.toMillis()));
        }
    }

    /**
     * @param url {@code http://HOST:PORT} or {@code https://HOST:PORT}, a trailing slash allowed
     * @throws IllegalArgumentException naming the value and what was expected
     */
    public static URI parsePeer(String url) {
        String expected = "expected the primary's REST base as http://HOST:PORT or https://HOST:PORT";
        URI u;
        try {
            u = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--follow '%s' is not a URL (%s): %s".formatted(url, e.getReason(), expected));
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null || u.getPort() < 0
                || u.getRawPath() != null && !u.getRawPath().isEmpty() && !u.getRawPath().equals("/")
                || u.getRawQuery() != null || u.getRawFragment() != null || u.getRawUserInfo() != null) {
            throw new IllegalArgumentException("--follow '%s': %s".formatted(url, expected));
        }
        return URI.create(scheme + "://" + u.getRawAuthority());
    }
}
