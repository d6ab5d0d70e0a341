package te.lp;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import te.topology.IntSequence;

/**
 * The exact reductions {@link PathLpBuilder} applies before it writes columns. A path's
 * "signature" is the sorted set of capacity rows it crosses. Per commodity:
 * <ul>
 * <li>a path with an empty signature takes the whole demand up front: it uses nothing any other
 * commodity could want, so some optimum of every objective routes the commodity there;</li>
 * <li>a path whose signature contains another path's (ties: the higher rank) is left out: moving its
 * flow to the other never loads a row more;</li>
 * <li>commodities whose remaining signatures are the same become one group with their summed
 * demand: every row and bound of the LP is linear in demand, so a group's optimal flow split in
 * proportion to its members' demands is optimal for them.</li>
 * </ul>
 * On Kdl gravity all pairs this leaves 109 k groups of 568 k commodities (50 k routed up front).
 */
final class PathReduction {
    /** Flow per problem path variable fixed up front, in Mbps. */
    final double[] presetFlowMbps;
    /** Number of groups (each becomes one commodity of the LP). */
    final int groups;
    /** Per group the sum of its members' demands, in Mbps. */
    final double[] groupDemandMbps;
    /** Per group its first column, plus one past the last group's columns. */
    final int[] groupColumnStart;
    /** Per column the range of {@link #columnRows} holding its signature. */
    final int[] columnRowStart;
    /** Signatures of all columns, concatenated. */
    final int[] columnRows;
    /** Per column the range of {@link #memberPathVariable}/{@link #memberShare} it stands for. */
    final int[] memberStart;
    /** Problem path variable of each member path. */
    final int[] memberPathVariable;
    /** Share of the column's flow each member path gets (its commodity's demand over the group's). */
    final double[] memberShare;

    private PathReduction(double[] preset, int groups, double[] groupDemand, int[] groupColumnStart, int[] columnRowStart,
                          int[] columnRows, int[] memberStart, int[] memberPathVariable, double[] memberShare) {
        this.presetFlowMbps = preset;
        this.groups = groups;
        this.groupDemandMbps = groupDemand;
        this.groupColumnStart = groupColumnStart;
        this.columnRowStart = columnRowStart;
        this.columnRows = columnRows;
        this.memberStart = memberStart;
        this.memberPathVariable = memberPathVariable;
        this.memberShare = memberShare;
    }

    /** @return number of columns over all groups */
    int columns() {
        return groupColumnStart[groups];
    }

    /**
     * @param capRow   arc → capacity row, or -1 when the arc has none
     * @param mayPreset whether a path without capacity rows may take a commodity up front (false
     *                 when every used arc has a row, as for min-MLU)
     */
    static PathReduction of(TeProblem problem, int[] capRow, boolean mayPreset) {
        var paths = problem.paths();
        var commodities = problem.commodities();
        int n = commodities.size();
        int[] first = problem.firstColumns();
        double[] preset = new double[first[n]];
        // A group's identity: its columns' signatures in canonical order.
        Map<IntSequence, Integer> groupOf = new HashMap<>();
        int[] group = new int[n];
        // Per commodity its kept path variables in the group's column order.
        int[] keptStart = new int[n + 1];
        int[] kept = new int[first[n]];
        IntList groupKeys = new IntList();
        IntList groupKeyStart = new IntList();
        int[] sigStart = new int[16];
        int[] sig = new int[256];
        Integer[] order = new Integer[16];
        // A path over an arc of capacity 0 (failed, drained) can carry nothing in any feasible point: left
        // out, unless every path of its commodity is such (the LP keeps at least one column per group).
        double[] capacity = problem.capacityMbps();
        boolean[] dead = new boolean[16];
        int keptCount = 0;
        for (int k = 0; k < n; k++) {
            keptStart[k] = keptCount;
            int pair = commodities.pairIndex(k);
            int count = first[k + 1] - first[k];
            if (sigStart.length < count + 1) {
                sigStart = new int[count + 1];
                order = new Integer[count];
                dead = new boolean[count];
            }
            int used = 0;
            int freePath = -1;
            for (int i = 0, p = paths.firstPath(pair); i < count; i++, p++) {
                sigStart[i] = used;
                if (sig.length < used + paths.pathLength(p)) {
                    sig = Arrays.copyOf(sig, 2 * (used + paths.pathLength(p)));
                }
                dead[i] = false;
                for (int j = 0; j < paths.pathLength(p); j++) {
                    int r = capRow[paths.arc(p, j)];
                    if (r >= 0) {
                        sig[used++] = r;
                    }
                    dead[i] |= capacity[paths.arc(p, j)] == 0;
                }
                Arrays.sort(sig, sigStart[i], used);
                if (mayPreset && used == sigStart[i] && freePath < 0 && !dead[i]) {
                    freePath = i;
                }
            }
            sigStart[count] = used;
            boolean anyLive = false;
            for (int i = 0; i < count; i++) {
                anyLive |= !dead[i];
            }
            if (!anyLive) {
                Arrays.fill(dead, 0, count, false);
            }
            if (freePath >= 0) {
                preset[first[k] + freePath] = commodities.demandMbps(k);
                group[k] = -1;
                continue;
            }
            int keptPaths = 0;
            for (int i = 0; i < count; i++) {
                if (!dead[i] && !dominated(sig, sigStart, dead, count, i)) {
                    order[keptPaths++] = i;
                }
            }
            final int[] s = sig;
            final int[] ss = sigStart;
            Arrays.sort(order, 0, keptPaths, (a, b) -> compare(s, ss[a], ss[a + 1], ss[b], ss[b + 1]));
            IntList key = new IntList();
            for (int i = 0; i < keptPaths; i++) {
                int path = order[i];
                key.add(ss[path + 1] - ss[path]);
                for (int q = ss[path]; q < ss[path + 1]; q++) {
                    key.add(s[q]);
                }
                kept[keptCount++] = first[k] + path;
            }
            IntSequence wrapped = new IntSequence(key.toArray());
            Integer g = groupOf.get(wrapped);
            if (g == null) {
                g = groupOf.size();
                groupOf.put(wrapped, g);
                groupKeyStart.add(groupKeys.size());
                groupKeys.addAll(wrapped.values());
            }
            group[k] = g;
        }
        keptStart[n] = keptCount;
        int groups = groupOf.size();
        groupKeyStart.add(groupKeys.size());

        double[] groupDemand = new double[groups];
        int[] groupMembers = new int[groups];
        for (int k = 0; k < n; k++) {
            if (group[k] >= 0) {
                groupDemand[group[k]] += commodities.demandMbps(k);
                groupMembers[group[k]]++;
            }
        }
        // Columns and signatures straight from each group's key: [length, rows…] per column.
        int[] groupColumnStart = new int[groups + 1];
        IntList columnRowStart = new IntList();
        IntList columnRows = new IntList();
        int[] keys = groupKeys.toArray();
        int[] keyStart = groupKeyStart.toArray();
        for (int g = 0; g < groups; g++) {
            groupColumnStart[g] = columnRowStart.size();
            for (int q = keyStart[g]; q < keyStart[g + 1]; q += keys[q] + 1) {
                columnRowStart.add(columnRows.size());
                for (int j = 1; j <= keys[q]; j++) {
                    columnRows.add(keys[q + j]);
                }
            }
        }
        int columns = columnRowStart.size();
        groupColumnStart[groups] = columns;
        columnRowStart.add(columnRows.size());

        // Members per column: every member commodity of the group contributes its i-th kept path.
        int[] memberStart = new int[columns + 1];
        for (int g = 0; g < groups; g++) {
            for (int c = groupColumnStart[g]; c < groupColumnStart[g + 1]; c++) {
                memberStart[c + 1] = groupMembers[g];
            }
        }
        for (int c = 0; c < columns; c++) {
            memberStart[c + 1] += memberStart[c];
        }
        int[] memberVar = new int[memberStart[columns]];
        double[] memberShare = new double[memberStart[columns]];
        int[] filled = new int[columns];
        for (int k = 0; k < n; k++) {
            int g = group[k];
            if (g < 0) {
                continue;
            }
            double share = commodities.demandMbps(k) / groupDemand[g];
            for (int i = 0; i < keptStart[k + 1] - keptStart[k]; i++) {
                int c = groupColumnStart[g] + i;
                int at = memberStart[c] + filled[c]++;
                memberVar[at] = kept[keptStart[k] + i];
                memberShare[at] = share;
            }
        }
        return new PathReduction(preset, groups, groupDemand, groupColumnStart, columnRowStart.toArray(), columnRows.toArray(),
                memberStart, memberVar, memberShare);
    }

    /** Path i is dominated when another path's signature is a subset of its own (equal: the lower rank wins). */
    /** @return whether a live path other than {@code i} crosses a subset of its capacity rows (one of them is enough) */
    private static boolean dominated(int[] sig, int[] start, boolean[] dead, int count, int i) {
        int lenI = start[i + 1] - start[i];
        for (int j = 0; j < count; j++) {
            int lenJ = start[j + 1] - start[j];
            if (j != i && !dead[j] && (lenJ < lenI || (lenJ == lenI && j < i)) && contains(sig, start[i], start[i + 1], start[j], start[j + 1])) {
                return true;
            }
        }
        return false;
    }

    /** @return whether sorted range [bFrom, bTo) of {@code s} is a subset of sorted range [aFrom, aTo) */
    private static boolean contains(int[] s, int aFrom, int aTo, int bFrom, int bTo) {
        int i = aFrom;
        for (int j = bFrom; j < bTo; j++) {
            while (i < aTo && s[i] < s[j]) {
                i++;
            }
            if (i == aTo || s[i] != s[j]) {
                return false;
            }
            i++;
        }
        return true;
    }

    /** Shorter signature first, then lexicographic: the canonical column order of a group. */
    private static int compare(int[] s, int aFrom, int aTo, int bFrom, int bTo) {
        if (aTo - aFrom != bTo - bFrom) {
            return Integer.compare(aTo - aFrom, bTo - bFrom);
        }
        return Arrays.compare(s, aFrom, aTo, s, bFrom, bTo);
    }

    /** A growable int array. */
    private static final class IntList {
        private int[] values = new int[16];
        private int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, 2 * size);
            }
            values[size++] = v;
        }

        void addAll(int[] vs) {
            for (int v : vs) {
                add(v);
            }
        }

        int size() {
            return size;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
