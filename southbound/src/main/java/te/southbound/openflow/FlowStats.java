package te.southbound.openflow;

import java.util.List;
import java.util.Objects;

/**
 * One flow of an OFPMP_FLOW reply ({@code ofp_flow_stats}). Durations in seconds plus
 * nanoseconds, timeouts in seconds, counters in packets and bytes.
 */
public record FlowStats(int tableId, long durationS, long durationNs, int priority,
                        int idleTimeoutS, int hardTimeoutS, int flags, long cookie,
                        long packetCount, long byteCount, Match match, List<Instruction> instructions) {
    public FlowStats {
        Objects.requireNonNull(match, "match");
        instructions = List.copyOf(instructions);
    }
}
