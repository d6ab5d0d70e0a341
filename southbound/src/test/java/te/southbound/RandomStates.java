package te.southbound;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random desired states on {@code n} fully meshed switches, changed a little at a time the way
 * successive allocations change: port 10+j of a switch leads to switch j, port 1 to its hosts.
 */
final class RandomStates {
    private final int switches;

    RandomStates(int switches) {
        this.switches = switches;
    }

    Set<Dpid> all() {
        Set<Dpid> all = new HashSet<>();
        for (int i = 1; i <= switches; i++) {
            all.add(new Dpid(i));
        }
        return all;
    }

    Dpid any(Random rnd) {
        return new Dpid(1 + rnd.nextInt(switches));
    }

    /**
     * Adds, drops, re-weights and re-routes a few commodities; sometimes two commodities of one
     * ingress swap destinations, or a commodity keeps its id but moves to another ingress and prefix.
     */
    void mutate(Map<String, CommodityRoute> state, Random rnd) {
        int changes = state.isEmpty() ? 12 : 1 + rnd.nextInt(4);
        for (int i = 0; i < changes; i++) {
            Dpid ingress = any(rnd);
            Dpid egress = any(rnd);
            String id = ingress.value() + "->" + egress.value();
            int kind = rnd.nextInt(7);
            List<CommodityRoute> all = new ArrayList<>(state.values());
            if (kind == 0) {
                state.remove(id);
            } else if (kind == 5 && all.size() >= 2) {
                CommodityRoute a = all.get(rnd.nextInt(all.size()));
                all.stream().filter(b -> b != a && b.ingress().equals(a.ingress())).findFirst().ifPresent(b -> {
                    state.put(a.id(), new CommodityRoute(a.id(), a.ingress(), b.destination(), a.paths()));
                    state.put(b.id(), new CommodityRoute(b.id(), b.ingress(), a.destination(), b.paths()));
                });
            } else if (kind == 6 && !all.isEmpty()) {
                CommodityRoute a = all.get(rnd.nextInt(all.size()));
                putIfUnique(state, new CommodityRoute(a.id(), ingress, prefix(100 + rnd.nextInt(8)), paths(ingress, egress, rnd)));
            } else {
                CommodityRoute old = state.get(id);
                List<WeightedPath> paths = new ArrayList<>();
                if (old != null && kind == 1) { // re-weight only
                    old.paths().forEach(p -> paths.add(new WeightedPath(p.hops(), rnd.nextInt(4) / 3.0)));
                } else {
                    paths.addAll(paths(ingress, egress, rnd));
                }
                putIfUnique(state, new CommodityRoute(id, paths.get(0).hops().get(0).dpid(),
                        old != null ? old.destination() : prefix((int) egress.value()), paths));
            }
        }
    }

    private List<WeightedPath> paths(Dpid ingress, Dpid egress, Random rnd) {
        List<WeightedPath> paths = new ArrayList<>();
        for (int j = 1 + rnd.nextInt(3); j > 0; j--) {
            paths.add(new WeightedPath(randomPath(ingress, egress, rnd), rnd.nextInt(4) / 3.0));
        }
        return paths;
    }

    /** A state has at most one commodity per (ingress, prefix): a change that would break that is skipped. */
    private static void putIfUnique(Map<String, CommodityRoute> state, CommodityRoute c) {
        Map<String, CommodityRoute> copy = new LinkedHashMap<>(state);
        copy.put(c.id(), c);
        if (unique(copy.values())) {
            state.put(c.id(), c);
        }
    }

    private static boolean unique(Collection<CommodityRoute> cs) {
        Set<List<Object>> seen = new HashSet<>();
        for (CommodityRoute c : cs) {
            if (!seen.add(List.of(c.ingress(), c.destination()))) {
                return false;
            }
        }
        return true;
    }

    private List<Hop> randomPath(Dpid from, Dpid to, Random rnd) {
        List<Dpid> nodes = new ArrayList<>();
        nodes.add(from);
        List<Dpid> middle = new ArrayList<>(all());
        Collections.sort(middle);
        middle.remove(from);
        middle.remove(to);
        Collections.shuffle(middle, rnd);
        nodes.addAll(middle.subList(0, rnd.nextInt(Math.min(3, middle.size()) + 1)));
        if (!to.equals(from)) {
            nodes.add(to);
        }
        return hops(nodes);
    }

    /** Port 10+j leads to switch j; the last switch sends to its hosts (port 1). */
    static List<Hop> hops(List<Dpid> nodes) {
        List<Hop> hops = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            hops.add(new Hop(nodes.get(i), i + 1 < nodes.size() ? 10 + (int) nodes.get(i + 1).value() : 1));
        }
        return hops;
    }

    /** @return an IPv4 prefix for even {@code n}, an IPv6 one for odd: states mix both, and swaps move commodities between them */
    static IpPrefix prefix(int n) {
        return n % 2 == 0 ? Ipv4Prefix.parse("10.%d.0.0/16".formatted(n)) : Ipv6Prefix.parse("2001:db8:%x::/48".formatted(n));
    }
}
