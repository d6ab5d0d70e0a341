package te.southbound;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The solver-neutral state the network should be in: every commodity's ingress, destination
 * and weighted paths. The controller adapts its allocations into this; southbound does not
 * depend on the LP model.
 *
 * @param commodities the commodities; ids unique, and at most one per (ingress, destination)
 */
public record DesiredState(List<CommodityRoute> commodities) {
    /** The empty state: nothing installed (every owned entry is removed). */
    public static final DesiredState EMPTY = new DesiredState(List.of());

    public DesiredState {
        commodities = List.copyOf(commodities);
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

    /** @return every switch the state uses, in a new set of the caller's own (one walk over every hop) */
    public Set<Dpid> switches() {
        Set<Dpid> result = new HashSet<>();
        for (CommodityRoute c : commodities) {
            result.add(c.ingress());
            c.paths().forEach(p -> p.hops().forEach(h -> result.add(h.dpid())));
        }
        return result;
    }
}
