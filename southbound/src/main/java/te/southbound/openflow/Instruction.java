package te.southbound.openflow;

import java.util.List;

/** An OpenFlow 1.3 flow instruction (§7.2.4); uninterpreted ones decode to {@link Other}. */
public sealed interface Instruction {
    /** OFPIT_APPLY_ACTIONS: run the actions now, in order. */
    record ApplyActions(List<Action> actions) implements Instruction {
        public ApplyActions {
            actions = List.copyOf(actions);
        }
    }

    /** OFPIT_GOTO_TABLE: continue in a later table. */
    record GotoTable(int tableId) implements Instruction {
    }

    /** Any other instruction: its type and the bytes after type and length. */
    record Other(int type, Octets body) implements Instruction {
    }
}
