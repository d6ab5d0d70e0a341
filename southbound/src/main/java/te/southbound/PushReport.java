package te.southbound;

import java.util.List;
import java.util.Set;

/**
 * The outcome of one reconciliation run that included a pushed state. Outcomes are values here,
 * not exceptions: a switch's error or absence is reported and the rest still proceeds as far as
 * make-before-break allows.
 *
 * @param generation       the push this run included (later pushes supersede earlier ones)
 * @param clean            every phase reached every available switch and none reported an error
 * @param durationMs       from the start of the run to the last barrier reply, ms
 * @param messagesSent     flow and group mods sent (barriers and reads not counted)
 * @param missingSwitches  switches the state uses that are not connected (or failed to be read)
 * @param commodities      per commodity: paths used, weights, rounding error, notes
 * @param maxRoundingError largest rounding error over all commodities, a share of traffic
 * @param errors           errors switches sent for this run's messages
 * @param problems         other failures (timeouts, closed connections), one line each
 * @param notMaster        switches the state uses that are connected but not programmed because
 *                         this controller does not hold the MASTER (or EQUAL) role there: it is
 *                         standby (SLAVE), the switch refused its claim, or another controller
 *                         took the switch over ({@link WeightPusher#requestRole}); left as they are
 */
public record PushReport(long generation, boolean clean, long durationMs, int messagesSent,
                         Set<Dpid> missingSwitches, List<CommodityReport> commodities,
                         double maxRoundingError, List<SwitchError> errors, List<String> problems,
                         Set<Dpid> notMaster) {
    public PushReport {
        missingSwitches = Set.copyOf(missingSwitches);
        notMaster = Set.copyOf(notMaster);
        commodities = List.copyOf(commodities);
        errors = List.copyOf(errors);
        problems = List.copyOf(problems);
    }

    /** @return one line for logs */
    public String summary() {
        return "push %d: %s, %d mods in %d ms, %d commodities, max rounding error %.4f, %d missing switches, %d errors%s%s"
                .formatted(generation, clean ? "clean" : "INCOMPLETE", messagesSent, durationMs, commodities.size(),
                        maxRoundingError, missingSwitches.size(), errors.size(),
                        notMaster.isEmpty() ? "" : ", %d switches left alone (not master there)".formatted(notMaster.size()),
                        problems.isEmpty() ? "" : ", problems: " + problems);
    }
}
