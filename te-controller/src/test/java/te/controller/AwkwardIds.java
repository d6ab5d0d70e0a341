package te.controller;

import java.util.ArrayList;
import java.util.List;
import te.topology.Link;
import te.topology.Node;
import te.topology.TestTopologies;
import te.topology.Topology;

/** A test topology whose node ids need escaping or take several UTF-8 bytes per character. */
public final class AwkwardIds {
    private static final List<String> IDS = List.of("Zürich", "São \"Paulo\"", "a\\b", "東京", "n4", "tab\there");

    private AwkwardIds() {
    }

    /** @return a ring of six nodes with two chords, both directions, 100 Mbps per arc */
    public static Topology topology() {
        Topology ring = TestTopologies.undirected(IDS.size(), "0-1", "1-2", "2-3", "3-4", "4-5", "5-0", "0-3", "1-4");
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < IDS.size(); i++) {
            nodes.add(new Node(i, IDS.get(i), IDS.get(i)));
        }
        List<Link> links = new ArrayList<>();
        for (int a = 0; a < ring.arcCount(); a++) {
            links.add(new Link(a, ring.arcSrc(a), ring.arcDst(a), 100));
        }
        return new Topology("awkward", nodes, links);
    }
}
