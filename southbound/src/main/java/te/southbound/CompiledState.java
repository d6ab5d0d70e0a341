package te.southbound;

import java.util.List;
import java.util.Map;

/**
 * A desired state turned into per-switch tables for the switches available now.
 *
 * @param tables   owned entries each available switch should hold (every available switch has
 *                 an entry, possibly empty, so stale entries there get deleted)
 * @param labels   MPLS label of every tunnel in use
 * @param groupIds group id of every installed commodity
 * @param buckets  the split of every commodity that has one: installed now, or kept at an
 *                 unreachable ingress
 * @param reports  one per commodity, in input order
 * @param deltas   for each switch, how its tables differ from the previous compile's (none when
 *                 this compile was made from scratch)
 */
record CompiledState(Map<Dpid, SwitchTables> tables, Map<Tunnel, Integer> labels,
                     Map<String, Integer> groupIds, Map<String, List<StateCompiler.Bucketed>> buckets,
                     List<CommodityReport> reports, Map<Dpid, TableDelta> deltas) {
    CompiledState {
        tables = Map.copyOf(tables);
        labels = Map.copyOf(labels);
        groupIds = Map.copyOf(groupIds);
        buckets = Map.copyOf(buckets);
        reports = List.copyOf(reports);
        deltas = Map.copyOf(deltas);
    }

    /** @return the largest rounding error over all commodities (0 if none) */
    double maxRoundingError() {
        return reports.stream().mapToDouble(CommodityReport::roundingError).max().orElse(0);
    }
}
