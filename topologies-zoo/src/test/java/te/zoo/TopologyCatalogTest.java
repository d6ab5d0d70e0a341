package te.zoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import te.topology.Link;
import te.topology.Topology;
import te.topology.io.LoadOptions;

class TopologyCatalogTest {
    private static final TopologyCatalog CATALOG = TopologyCatalog.discover();

    @ParameterizedTest(name = "{0}: {1} nodes, {2} arcs")
    @CsvSource({
        "Kdl, 754, 1790", "Cogentco, 197, 486", "GtsCe, 149, 386", "UsCarrier, 158, 378",
        "Colt, 153, 354", "TataNld, 145, 372", "DialtelecomCz, 138, 302", "Deltacom, 113, 322",
        "Interoute, 110, 294", "Ion, 125, 292", "Uninett2010, 74, 202"})
    void zooNetworksNormaliseLikeTheReference(String name, int nodes, int arcs) {
        assumeTrue(CATALOG.directory().isPresent(), "../shared/topology-zoo not found");
        Topology t = CATALOG.load(name);
        assertThat(t.nodeCount()).isEqualTo(nodes);
        assertThat(t.arcCount()).isEqualTo(arcs);
        // Every arc has its reverse: the Zoo's links are undirected.
        for (Link l : t.links()) {
            assertThat(t.arcIndex(l.dst(), l.src())).isNotNegative();
        }
    }

    @Test
    void zooDirectoryIsFoundBesideTheRepository() {
        assertThat(CATALOG.directory()).isPresent();
        assertThat(CATALOG.available()).contains("Kdl", "Cogentco", "Abilene", "b4-teavar");
    }

    @Test
    void capacitiesDefaultTo1000ButUninettUsesLinkSpeedRaw() {
        Topology cogent = CATALOG.load("cogentco");
        assertThat(cogent.links()).allSatisfy(l -> assertThat(l.capacityMbps()).isEqualTo(1000.0));
        Topology uninett = CATALOG.load("Uninett2010");
        assertThat(uninett.links()).anySatisfy(l -> assertThat(l.capacityMbps()).isEqualTo(10_000.0));
        assertThat(uninett.links()).allSatisfy(l -> assertThat(l.capacityMbps()).isGreaterThan(0));
    }

    @Test
    void b4JsonKeepsItsCapacities() {
        Topology b4 = CATALOG.load("b4-teavar");
        assertThat(b4.nodeCount()).isEqualTo(12);
        assertThat(b4.arcCount()).isEqualTo(38);
        assertThat(b4.links()).allSatisfy(l -> assertThat(l.capacityMbps()).isEqualTo(5000.0));
    }

    @Test
    void abileneShipsInTheJar() {
        TopologyCatalog noDir = new TopologyCatalog(Optional.empty(), LoadOptions.defaults());
        Topology abilene = noDir.load("Abilene");
        assertThat(abilene.name()).isEqualTo("Abilene");
        assertThat(abilene.nodeCount()).isEqualTo(11);
        assertThat(abilene.arcCount()).isEqualTo(28);
        assertThat(abilene.nodes().get(0).label()).isEqualTo("Seattle");
        assertThat(abilene.links()).allSatisfy(l -> assertThat(l.capacityMbps()).isEqualTo(10_000.0));
    }

    @Test
    void nodeIndicesFollowFileOrderAndAreStable() {
        Topology a = CATALOG.load("Kdl");
        Topology b = CATALOG.load("Kdl");
        assertThat(a.contentHash()).isEqualTo(b.contentHash());
        assertThat(a.nodes().get(0).id()).isEqualTo("0");
    }

    @Test
    void unknownNameListsWhatExists() {
        assertThatThrownBy(() -> CATALOG.load("Atlantis"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown topology 'Atlantis'")
                .hasMessageContaining("Cogentco");
    }

    @Test
    void aTopologyDirectoryThatDoesNotExistIsNamedInTheError() {
        TopologyCatalog missing = new TopologyCatalog(Optional.of(Path.of("/nonexistent-zoo")), te.topology.io.LoadOptions.defaults());
        assertThatThrownBy(() -> missing.load("Atlantis"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown topology 'Atlantis'")
                .hasMessageContaining("topology directory /nonexistent-zoo is not a directory");
        assertThat(missing.load("Abilene").nodeCount()).isEqualTo(11); // the bundled one still loads
    }

    @Test
    void aDirectoryGivenAsTheFileIsNamedAsOne(@org.junit.jupiter.api.io.TempDir Path dir) {
        assertThatThrownBy(() -> CATALOG.load(dir.toString())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown topology '%s': a directory, not a GraphML or node-link JSON file, and not one of ["
                        .formatted(dir));
        assertThatThrownBy(() -> CATALOG.load(dir.resolve("gone.json").toString()))
                .hasMessageStartingWith("unknown topology '%s': no such file, and not one of [".formatted(dir.resolve("gone.json")));
    }

    @Test
    void explicitPathWins() {
        Path file = CATALOG.directory().orElseThrow().resolve("Ion.graphml");
        assertThat(CATALOG.load(file.toString()).nodeCount()).isEqualTo(125);
    }

    /** A FIFO named like a network (or given as the file) used to block the load forever. */
    @Test
    void aFifoNamedLikeANetworkIsRefusedSayingWhatItIs(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path fifo = te.topology.io.Fifos.make(dir.resolve("Foo.graphml"));
        TopologyCatalog catalog = new TopologyCatalog(Optional.of(dir), LoadOptions.defaults());
        assertThatThrownBy(() -> catalog.load("foo")).isInstanceOf(te.topology.TopologyFormatException.class)
                .hasMessageContaining("Foo.graphml: cannot read: it is a FIFO (named pipe), expected a regular file");
        assertThatThrownBy(() -> catalog.load(fifo.toString())).isInstanceOf(te.topology.TopologyFormatException.class)
                .hasMessageContaining("it is a FIFO (named pipe)");
    }
}
