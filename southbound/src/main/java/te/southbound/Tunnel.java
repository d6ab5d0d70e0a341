package te.southbound;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A labelled path: the hops of a {@link WeightedPath} without the weight. Commodities whose paths
 * have the same hops share one tunnel, its label and its transit entries.
 *
 * @param hops switches in order, ingress first
 */
public record Tunnel(List<Hop> hops) {
    public Tunnel {
        hops = hops instanceof Hops h ? h : new Hops(hops.toArray(Hop[]::new));
    }

    /** @return true if the ingress is also the egress (no label needed) */
    public boolean singleHop() {
        return hops.size() == 1;
    }

    /**
     * An immutable hop list that computes its hash once. Tunnels are map keys in every compile
     * of a push (labels, ids, patches): on Cogentco's 38,609 commodities, rehashing their hop
     * lists took a quarter of an incremental compile.
     */
    private static final class Hops extends AbstractList<Hop> implements RandomAccess {
        private final Hop[] hops;
        private final int hash;

        Hops(Hop[] hops) {
            for (Hop h : hops) {
                java.util.Objects.requireNonNull(h, "hop");
            }
            this.hops = hops;
            this.hash = java.util.Arrays.hashCode(hops); // the List.hashCode contract
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
            if (o instanceof Hops other) {
                return other.hash == hash && java.util.Arrays.equals(other.hops, hops);
            }
            return super.equals(o);
        }
    }
}
