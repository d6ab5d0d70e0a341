package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WeightedPathTest {
    private static final Hop A = new Hop(new Dpid(1), 2), B = new Hop(new Dpid(2), 9);

    @Test
    void pathsWithoutHopsOrVisitingASwitchTwiceAreRefused() {
        assertThatThrownBy(() -> new WeightedPath(List.of(), 1)).hasMessage("a path needs at least one hop");
        assertThatThrownBy(() -> new WeightedPath(List.of(A, B, new Hop(new Dpid(1), 3)), 1))
                .hasMessageContaining("path visits switch 0000000000000001 twice");
        assertThatThrownBy(() -> new Tunnel(List.of(A, A))).hasMessageContaining("twice");
        assertThatThrownBy(() -> new WeightedPath(List.of(A), Double.NaN)).hasMessageContaining("finite and >= 0, got NaN");
    }

    @Test
    void hopsAreAnImmutableListEqualToAnyListOfTheSameHopsAndSharedByTunnels() {
        List<Hop> given = new ArrayList<>(List.of(A, B));
        WeightedPath p = new WeightedPath(given, 0.5);
        given.clear(); // the caller's list is copied

        assertThat(p.hops()).isEqualTo(List.of(A, B)).hasSameHashCodeAs(List.of(A, B));
        assertThat(List.of(A, B)).isEqualTo(p.hops());
        assertThat(new WeightedPath(p.hops(), 1).hops()).isSameAs(p.hops());
        assertThat(p.tunnel(IpVersion.V4).hops()).isSameAs(p.hops());
        assertThat(p.tunnel(IpVersion.V4)).isEqualTo(new Tunnel(List.of(A, B))).hasSameHashCodeAs(new Tunnel(List.of(A, B)));
        assertThat(p.tunnel(IpVersion.V6)).isNotEqualTo(p.tunnel(IpVersion.V4)); // the egress pops a different payload
        assertThat(p.tunnel(IpVersion.V6).hops()).isSameAs(p.hops());
        assertThatThrownBy(() -> p.hops().add(A)).isInstanceOf(UnsupportedOperationException.class);
    }
}
