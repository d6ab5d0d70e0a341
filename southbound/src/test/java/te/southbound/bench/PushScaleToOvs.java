package te.southbound.bench;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import te.southbound.CommodityRoute;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.Ipv4Prefix;
import te.southbound.PushReport;
import te.southbound.SouthboundConfig;
import te.southbound.WeightPusher;
import te.southbound.WeightedPath;
import te.southbound.ovs.OvsNetwork;
import te.southbound.ovs.OvsSandbox;

/**
 * Time to push an all-pairs state to one OVS instance: a side×side grid of bridges, every
 * ordered pair a commodity with its XY and YX routes (70/30), until the last barrier reply.
 * Then a second push that moves every weight, which only modifies groups. Run by hand.
 */
public final class PushScaleToOvs {
    private PushScaleToOvs() {
    }

    public static void main(String[] args) throws Exception {
        int side = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int n = side * side;
        List<int[]> links = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            if ((i - 1) % side + 1 < side) links.add(new int[] {i, i + 1});
            if (i + side <= n) links.add(new int[] {i, i + side});
        }
        try (OvsSandbox ovs = OvsSandbox.start()) {
            long t0 = System.nanoTime();
            OvsNetwork net = OvsNetwork.create(ovs, n, links.toArray(int[][]::new));
            System.out.printf("%d bridges, %d links created in %.1f s%n", n, links.size(), (System.nanoTime() - t0) / 1e9);
            try (WeightPusher pusher = WeightPusher.start(SouthboundConfig.defaults()
                    .withListen(new InetSocketAddress("127.0.0.1", 0)).withAuditIntervalMs(0).withKeepalive(5_000, 60_000))) {
                net.connect(pusher.localAddress().getPort());
                while (pusher.status().size() < n) {
                    Thread.sleep(50);
                }
                for (double split : new double[] {0.7, 0.4}) {
                    DesiredState state = allPairs(side, split);
                    long start = System.nanoTime();
                    PushReport r = pusher.push(state).get();
                    System.out.printf("push (split %.1f): %d commodities, %d mods, %.2f s to the last barrier reply; %s%n",
                            split, state.commodities().size(), r.messagesSent(), (System.nanoTime() - start) / 1e9, r.summary());
                }
                System.out.printf("s1: %d groups, %d flows%n", net.groups(1).lines().count(), net.flows(1).lines().count());
            }
        }
    }

    public static DesiredState allPairs(int side, double split) {
        List<CommodityRoute> commodities = new ArrayList<>();
        int n = side * side;
        for (int s = 1; s <= n; s++) {
            for (int d = 1; d <= n; d++) {
                if (s == d) continue;
                int[] xy = route(side, s, d, true);
                int[] yx = route(side, s, d, false);
                List<WeightedPath> paths = new ArrayList<>(List.of(new WeightedPath(OvsNetwork.hops(xy), split)));
                if (!java.util.Arrays.equals(xy, yx)) {
                    paths.add(new WeightedPath(OvsNetwork.hops(yx), 1 - split));
                }
                commodities.add(new CommodityRoute(s + "->" + d, new Dpid(s),
                        new Ipv4Prefix(10 << 24 | d << 16, 16), paths));
            }
        }
        return new DesiredState(commodities);
    }

    /** Grid route from s to d (1-based, row-major): columns first if {@code xFirst}, else rows first. */
    static int[] route(int side, int s, int d, boolean xFirst) {
        int r = (s - 1) / side, c = (s - 1) % side;
        int dr = (d - 1) / side, dc = (d - 1) % side;
        List<Integer> nodes = new ArrayList<>(List.of(s));
        for (int phase = 0; phase < 2; phase++) {
            boolean moveX = (phase == 0) == xFirst;
            while (moveX ? c != dc : r != dr) {
                if (moveX) c += Integer.signum(dc - c); else r += Integer.signum(dr - r);
                nodes.add(r * side + c + 1);
            }
        }
        return nodes.stream().mapToInt(Integer::intValue).toArray();
    }
}
