package te.southbound.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link PushToOvsIT} with every bridge connecting over mutual TLS ({@code ssl:} targets, OVS's
 * own OpenSSL): the same tables must result. Also: a switch whose certificate the controller
 * does not trust is never taken, and once the switch has a trusted one it is.
 */
class TlsPushToOvsIT extends PushToOvsIT {
    @Override
    boolean tls() {
        return true;
    }

    @Test
    void everyBridgeShowsItsVerifiedCertificate() {
        assertThat(pusher.status()).hasSize(SWITCHES)
                .allSatisfy(s -> assertThat(s.peerCertificate()).isEqualTo("CN=switch-1,O=te tests"));
    }

    @Test
    void anUntrustedCertificateIsRefusedUntilTheSwitchGetsATrustedOne() throws Exception {
        int port = pusher.localAddress().getPort();
        for (int s = 1; s <= SWITCHES; s++) {
            ovs.vsctl("del-controller", "s" + s);
        }
        awaitTrue(() -> pusher.status().isEmpty(), 10_000, "every bridge disconnected");

        // Signed by a CA the controller does not trust: OVS connects, the handshake fails.
        ovs.vsctl("set-ssl", tlsFile("rogue.key").toString(), tlsFile("rogue.pem").toString(), tlsFile("ca.pem").toString());
        net.connect("ssl", port);
        long deadline = System.currentTimeMillis() + 3_000;
        while (System.currentTimeMillis() < deadline) {
            assertThat(pusher.status()).as("switches with an untrusted certificate").isEmpty();
            Thread.sleep(50);
        }
        assertThat(ovs.vsctl("--columns=is_connected", "list", "controller")).doesNotContain("true");

        ovs.vsctl("set-ssl", tlsFile("switch.key").toString(), tlsFile("switch.pem").toString(), tlsFile("ca.pem").toString());
        awaitTrue(() -> pusher.status().size() == SWITCHES, 30_000, "every bridge back with a trusted certificate");
        assertThat(pusher.push(initialState()).get().clean()).isTrue();
        assertThat(dumpAll()).isEqualTo(EXPECTED);
    }
}
