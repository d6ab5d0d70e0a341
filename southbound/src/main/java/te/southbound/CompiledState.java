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
 * @param reports  one per commodity, in input order
 */
public record CompiledState(Map<Dpid, SwitchTables> tables, Map<Tunnel, Integer> labels,
                            Map<String, Integer> groupIds, List<CommodityReport> reports) {
    public CompiledState {
        tables = Map.copyOf(tables);
        labels = Map.copyOf(labels);
        groupIds = Map.copyOf(groupIds);
        reports = List.copyOf(reports);
    }

    /** @return the largest rounding error over all commodities (0 if none) */
    public double maxRoundingError() {
        return reports.stream().mapToDouble(CommodityReport::roundingError).max().orElse(0);
    }
}
