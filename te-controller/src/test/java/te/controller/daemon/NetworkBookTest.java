package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.state.StateStore;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;

/** Link-state changes through the book: durable, and the paths follow the capacities in force. */
class NetworkBookTest {
    // 0->1: direct (the one base path, k=1), or 0-2-1 / 0-3-1 around.
    final Topology t = TestTopologies.undirected(4, "0-1", "0-2", "2-1", "0-3", "3-1");
    final PathSet base = PathPrecomputation.allPairs(t, new PathSpec(1, PathSpec.defaults().method(), PathSpec.defaults().metric()), 1,
            PathPrecomputation.Progress.NONE);

    private int[] replacementFor01(NetworkSnapshot n) {
        int pair = n.paths().pairIndex(0, 1);
        return n.paths().pathNodes(t, n.paths().firstPath(pair));
    }

    @Test
    void aCapacityChangedWhileLinksAreDownSearchesTheReplacementsAgainAndIsKeptAcrossARestart(@TempDir Path dir) {
        try (StateStore store = new StateStore(dir)) {
            NetworkBook book = NetworkBook.load(t, base, store, 1);
            book.setDown(t.arcIndex(0, 1), true);
            int[] around = replacementFor01(book.current());
            assertThat(around).hasSize(3);
            int via = around[1];
            // Zero the first hop of the replacement: the pair must go round the other way.
            NetworkBook.Update zeroed = book.setCapacity(t.arcIndex(0, via), 0.0);
            assertThat(zeroed.changed()).isTrue();
            assertThat(zeroed.pathsChanged()).isTrue();
            assertThat(replacementFor01(book.current())).containsExactly(0, via == 2 ? 3 : 2, 1);
            assertThat(book.current().capacityMbps()[t.arcIndex(0, via)]).isZero();
            // Every link up and no arc at 0: the base paths again, and a further capacity change keeps them.
            book.setDown(t.arcIndex(0, 1), false);
            NetworkBook.Update raised = book.setCapacity(t.arcIndex(0, via), 5.0);
            assertThat(raised.snapshot().paths()).isSameAs(base);
            NetworkBook.Update again = book.setCapacity(t.arcIndex(0, via), 6.0);
            assertThat(again.pathsChanged()).isFalse();
            assertThat(again.snapshot().paths()).isSameAs(base);
        }
        try (StateStore store = new StateStore(dir)) {
            NetworkBook again = NetworkBook.load(t, base, store, 1);
            assertThat(again.current().links().version()).isEqualTo(5);
            assertThat(again.current().links().capacityMbps()).hasSize(1).containsValue(6.0);
        }
    }
}
