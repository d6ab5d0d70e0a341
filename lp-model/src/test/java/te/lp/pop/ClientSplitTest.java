package te.lp.pop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import te.lp.Commodities;

class ClientSplitTest {
    /** Seeded demands of 1–8 Mbps (many ties): the heap's pieces equal those of splitting the largest piece one at a time. */
    @Test
    void piecesAreThoseOfHalvingTheLargestUncappedPieceOneAtATime() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            int n = 1 + random.nextInt(12);
            double[] demand = new double[n];
            for (int k = 0; k < n; k++) {
                demand[k] = 1 + random.nextInt(8);
            }
            Commodities c = Commodities.of(new int[n], new int[n], demand, new int[n]);
            for (double t : new double[] {0.5, 1, 3}) {
                for (int cap : new int[] {2, 4, Integer.MAX_VALUE}) {
                    ClientSplit split = ClientSplit.of(c, t, cap);
                    ClientSplit expected = reference(demand, t, cap);
                    String what = "round %d t=%s cap=%d".formatted(round, t, cap);
                    assertThat(split.origin()).as(what).isEqualTo(expected.origin());
                    assertThat(split.demandMbps()).as(what).isEqualTo(expected.demandMbps());
                }
            }
        }
    }

    private static ClientSplit reference(double[] demand, double t, int cap) {
        List<Integer> origin = new ArrayList<>();
        List<Double> piece = new ArrayList<>();
        int[] pieces = new int[demand.length];
        for (int k = 0; k < demand.length; k++) {
            origin.add(k);
            piece.add(demand[k]);
            pieces[k] = 1;
        }
        long extra = Math.round(t * demand.length);
        for (long e = 0; e < extra; e++) {
            int largest = -1;
            for (int i = 0; i < piece.size(); i++) {
                if (pieces[origin.get(i)] < cap && (largest < 0 || piece.get(i) > piece.get(largest))) {
                    largest = i;
                }
            }
            if (largest < 0) {
                break;
            }
            piece.set(largest, piece.get(largest) / 2);
            origin.add(origin.get(largest));
            piece.add(piece.get(largest));
            pieces[origin.get(largest)]++;
        }
        int total = piece.size();
        int[] o = new int[total];
        double[] d = new double[total];
        int at = 0;
        for (int k = 0; k < demand.length; k++) {
            for (int i = 0; i < total; i++) {
                if (origin.get(i) == k) {
                    o[at] = k;
                    d[at++] = piece.get(i);
                }
            }
        }
        return new ClientSplit(o, d);
    }
}
