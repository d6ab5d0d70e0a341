package te.southbound;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.Set;

/**
 * The hops of a path or tunnel: immutable, checked once (at least one hop, no switch twice), its
 * hash computed once. Paths and tunnels are map keys all through a push's compile, and a caller
 * that hands the same lists to successive states (as the daemon's adapter does) makes equal
 * paths the same object, so comparing them costs nothing.
 */
final class HopList extends AbstractList<Hop> implements RandomAccess {
    private final Hop[] hops;
    private final int hash;

    private HopList(Hop[] hops) {
        this.hops = hops;
        this.hash = Arrays.hashCode(hops); // the List.hashCode contract
    }

    /** @return {@code hops} itself if it is a hop list already, else a checked copy */
    static List<Hop> of(List<Hop> hops) {
        if (hops instanceof HopList h) {
            return h;
        }
        Hop[] copy = hops.toArray(Hop[]::new);
        if (copy.length == 0) {
            throw new IllegalArgumentException("a path needs at least one hop");
        }
        Set<Dpid> seen = new HashSet<>();
        for (Hop h : copy) {
            Objects.requireNonNull(h, "hop");
            if (!seen.add(h.dpid())) {
                throw new IllegalArgumentException("path visits switch %s twice: %s".formatted(h.dpid(), hops));
            }
        }
        return new HopList(copy);
    }

    @Override
    public Hop get(int index) {
        return hops[index];
    }

    @Override
    public int size() {
        return hops.length;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (o instanceof HopList other) {
            return other.hash == hash && Arrays.equals(other.hops, hops);
        }
        return super.equals(o);
    }
}
