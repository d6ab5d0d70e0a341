package te.southbound;

import java.util.List;
import te.southbound.openflow.Instruction;
import te.southbound.openflow.Match;

/**
 * A flow entry in table 0 as the pusher sees it, whether desired or read back from a switch.
 *
 * @param cookie       owner tag in the high 32 bits, the entry's id and kind in the low ({@link Ownership})
 * @param priority     0..65535
 * @param match        what it matches
 * @param instructions what it does
 */
public record FlowEntry(long cookie, int priority, Match match, List<Instruction> instructions) {
    public FlowEntry {
        instructions = List.copyOf(instructions);
    }

    /** @return the table key: two entries with the same key are the same entry to the switch */
    public Key key() {
        return new Key(priority, match);
    }

    /**
     * Identity of a flow entry within a table (OpenFlow "strict" identity).
     *
     * @param priority entry priority
     * @param match    entry match
     */
    public record Key(int priority, Match match) {
    }
}
