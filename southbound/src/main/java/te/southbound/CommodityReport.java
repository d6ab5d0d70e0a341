package te.southbound;

import java.util.List;

/**
 * What was made of one commodity in a push.
 *
 * @param id            the commodity id
 * @param pathsGiven    paths in the desired state
 * @param pathsUsed     paths that got a bucket (positive fraction, every switch connected, weight
 *                      not rounded to 0)
 * @param weights       bucket weights in path order of the used paths
 * @param roundingError largest |weight/total − fraction| over the used paths, a share of the
 *                      commodity's traffic ({@code < 1/total}); 0 when nothing is installed
 * @param note          why paths were left out or the commodity is not installed; empty if none
 */
public record CommodityReport(String id, int pathsGiven, int pathsUsed, List<Integer> weights,
                              double roundingError, String note) {
    public CommodityReport {
        weights = List.copyOf(weights);
    }
}
