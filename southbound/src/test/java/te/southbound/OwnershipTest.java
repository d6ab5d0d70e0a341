package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OwnershipTest {
    private static final Ownership OWN = Ownership.DEFAULT;

    @Test
    void cookiesCarryTheTagThenTheEntryIdThenTheKind() {
        assertThat(OWN.tunnelCookie(17)).isEqualTo(0x7e5b0001_00000112L);
        assertThat(OWN.tunnelCookie(0xfffff)).isEqualTo(0x7e5b0001_00fffff2L);
        assertThat(OWN.ingressCookie(0x10000)).isEqualTo(0x7e5b0001_00000001L);
        assertThat(OWN.ingressCookie(0x10000 + 5)).isEqualTo(0x7e5b0001_00000051L);
        assertThat(Ownership.kind(OWN.tunnelCookie(17))).isEqualTo(Ownership.KIND_TUNNEL);
        assertThat(Ownership.kind(OWN.ingressCookie(0x10003))).isEqualTo(Ownership.KIND_INGRESS);
        assertThat(OWN.ownsFlow(OWN.tunnelCookie(4242))).isTrue();
    }

    @Test
    void everyEntryGetsACookieOfItsOwn() {
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertThat(seen.add(OWN.tunnelCookie(16 + i))).isTrue();
            assertThat(seen.add(OWN.ingressCookie(0x10000 + i))).isTrue();
        }
    }

    @Test
    void cookiesOfBuildsWithOneCookiePerKindKeepTheirKind() {
        assertThat(Ownership.kind(0x7e5b0001_00000001L)).isEqualTo(Ownership.KIND_INGRESS);
        assertThat(Ownership.kind(0x7e5b0001_00000002L)).isEqualTo(Ownership.KIND_TUNNEL);
    }

    @Test
    void idsThatDoNotFitACookieAreRefused() {
        assertThatThrownBy(() -> OWN.ingressCookie(0x10000 - 1)).hasMessageContaining("group id 65535 is outside the owned range");
        assertThatThrownBy(() -> OWN.tunnelCookie(-1)).hasMessageContaining("cookie entry id -1");
        assertThatThrownBy(() -> new Ownership(0x7e5b0001L << 32, 1, (1 << 28) + 1))
                .hasMessageContaining("owned group count 268435457 exceeds 268435456");
        assertThat(new Ownership(0x7e5b0001L << 32, 1, 1 << 28).ingressCookie((1 << 28))).isEqualTo(0x7e5b0001_fffffff1L);
    }
}
