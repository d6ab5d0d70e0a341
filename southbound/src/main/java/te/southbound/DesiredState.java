package te.southbound;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The solver-neutral state the network should be in: every commodity's ingress, destination
 * and weighted paths. The controller adapts its allocations into this; southbound does not
 * depend on the LP model.
 *
 * <p>A value: equal when the commodities are. Not a record only so that {@link #switches()} is
 * worked out once per state, not by each of the pusher's and the reconciler's steps.
 */
public final class DesiredState {
    /** The empty state: nothing installed (every owned entry is removed). */
    public static final DesiredState EMPTY = new DesiredState(List.of());

    private final List<CommodityRoute> commodities;
    /** Worked out on first use (a walk over every hop: tens of ms on Cogentco all-pairs); racing threads compute the same set. */
    private volatile Set<Dpid> switches;

    /**
     * @param commodities the commodities; ids unique, and at most one per (ingress, destination)
     * @throws IllegalArgumentException naming every repeated id and (ingress, destination)
     */
    public DesiredState(List<CommodityRoute> commodities) {
        this.commodities = List.copyOf(commodities);
        List<String> problems = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Set<List<Object>> matches = new HashSet<>();
        for (CommodityRoute c : commodities) {
            if (!ids.add(c.id())) {
                problems.add("commodity id '%s' appears twice".formatted(c.id()));
            }
            if (!matches.add(List.of(c.ingress(), c.destination()))) {
                problems.add("commodity '%s': another commodity already sends %s at ingress %s"
                        .formatted(c.id(), c.destination(), c.ingress()));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid desired state: " + String.join("; ", problems));
        }
    }

    /** @return the commodities, unmodifiable */
    public List<CommodityRoute> commodities() {
        return commodities;
    }

    /** @return every switch the state uses: ingresses and every hop's, unmodifiable */
    public Set<Dpid> switches() {
        Set<Dpid> result = switches;
        if (result == null) {
            Set<Dpid> walked = new HashSet<>();
            for (CommodityRoute c : commodities) {
                walked.add(c.ingress());
                c.paths().forEach(p -> p.hops().forEach(h -> walked.add(h.dpid())));
            }
            result = Collections.unmodifiableSet(walked);
            switches = result;
        }
        return result;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DesiredState other && commodities.equals(other.commodities);
    }

    @Override
    public int hashCode() {
        return commodities.hashCode();
    }

    @Override
    public String toString() {
        return "DesiredState[commodities=" + commodities + "]";
    }
}
