package te.topology;

import java.util.ArrayList;
import java.util.List;

/** Small hand-made topologies for tests of every module (shipped in this module's test-jar). */
public final class TestTopologies {
    private TestTopologies() {
    }

    /** Directed graph from {@code "u>v"} arcs, capacity 1000 or the one after {@code '@'}. */
    public static Topology graph(int n, String... arcs) {
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add(new Node(i, "n" + i, "n" + i));
        }
        List<String> sorted = new ArrayList<>(List.of(arcs));
        sorted.sort((x, y) -> Long.compare(key(x, n), key(y, n)));
        List<Link> links = new ArrayList<>();
        for (String arc : sorted) {
            String[] capSplit = arc.split("@");
            String[] uv = capSplit[0].split(">");
            double cap = capSplit.length > 1 ? Double.parseDouble(capSplit[1]) : 1000;
            links.add(new Link(links.size(), Integer.parseInt(uv[0]), Integer.parseInt(uv[1]), cap));
        }
        return new Topology("g", nodes, links);
    }

    private static long key(String arc, int n) {
        String[] uv = arc.split("@")[0].split(">");
        return Long.parseLong(uv[0]) * n + Long.parseLong(uv[1]);
    }

    /** Both directions for each {@code "u-v"} link (optionally {@code "u-v@cap"}). */
    public static Topology undirected(int n, String... links) {
        List<String> arcs = new ArrayList<>();
        for (String l : links) {
            String[] capSplit = l.split("@");
            String[] uv = capSplit[0].split("-");
            String cap = capSplit.length > 1 ? "@" + capSplit[1] : "";
            arcs.add(uv[0] + ">" + uv[1] + cap);
            arcs.add(uv[1] + ">" + uv[0] + cap);
        }
        return graph(n, arcs.toArray(String[]::new));
    }

    /** An n-node ring with n/3 chords across it; capacity 1000 per arc. */
    public static Topology ringWithChords(int n) {
        java.util.Set<String> links = new java.util.LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            links.add(link(i, (i + 1) % n));
        }
        for (int j = 0; j < n / 3; j++) {
            links.add(link(3 * j, (3 * j + n / 2) % n));
        }
        return undirected(n, links.toArray(String[]::new));
    }

    private static String link(int u, int v) {
        return Math.min(u, v) + "-" + Math.max(u, v);
    }
}
