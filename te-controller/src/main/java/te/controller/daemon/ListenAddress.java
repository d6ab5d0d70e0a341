package te.controller.daemon;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * Where the REST server listens.
 *
 * @param host host name or address literal (IPv6 without brackets)
 * @param port TCP port, 0..65535 (0: any free port)
 */
public record ListenAddress(String host, int port) {
    public ListenAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("listen host is empty, expected e.g. 127.0.0.1:8080");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("listen port %d is out of range, expected 0..65535".formatted(port));
        }
    }

    /**
     * @param text {@code HOST:PORT} or {@code [IPv6]:PORT}
     * @throws IllegalArgumentException naming the value and the expected form
     */
    public static ListenAddress parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("listen address '%s' is not HOST:PORT, e.g. 127.0.0.1:8080".formatted(text));
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            String port = text.substring(colon + 1);
            return new ListenAddress(host, Integer.parseInt(port.matches("[0-9]{1,5}") ? port : "not a number"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("listen address '%s': port '%s' is not a number".formatted(text, text.substring(colon + 1)));
        }
    }

    /**
     * @return the resolved socket address
     * @throws IllegalArgumentException if the host does not resolve
     */
    public InetSocketAddress resolve() {
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("listen host '%s' does not resolve".formatted(host), e);
        }
    }

    /**
     * @param scheme {@code http} or {@code https}
     * @param port   the port actually bound (the one given may be 0)
     * @return the URL a client uses, an IPv6 literal in brackets (RFC 3986: {@code http://::1:80} is no URL)
     */
    public String url(String scheme, int port) {
        return "%s://%s:%d".formatted(scheme, host.contains(":") ? "[" + host + "]" : host, port);
    }

    /** @return whether only this machine can connect (127.0.0.0/8, ::1) */
    public boolean isLoopback() {
        return resolve().getAddress().isLoopbackAddress();
    }
}
