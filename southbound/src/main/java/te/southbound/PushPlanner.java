package te.southbound;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import te.southbound.openflow.OfMessage;

/**
 * The OpenFlow messages successive pushes send, computed offline (no connection) for switches that
 * are always connected and accept every message: the same compiler, patching and table diff the
 * {@link WeightPusher} uses, each push assumed installed before the next. For sizing and
 * benchmarking pushes; barriers between phases are not included. Not thread-safe.
 */
public final class PushPlanner {
    private final Ownership ownership;
    private final int weightTotal;
    private StateCompiler compiler;
    private Map<Dpid, SwitchTables> held = Map.of();
    private IdBook ids = IdBook.EMPTY;

    /**
     * @param ownership   cookie and group-id space the controller owns
     * @param weightTotal sum of the bucket weights of each commodity, 1..65535
     */
    public PushPlanner(Ownership ownership, int weightTotal) {
        SouthboundConfig.requireWeightTotal(weightTotal);
        this.ownership = ownership;
        this.weightTotal = weightTotal;
        this.compiler = new StateCompiler(ownership, weightTotal);
    }

    /**
     * Forgets every id handed out and every earlier compile, keeping only the tables assumed
     * installed: the switches as a restarted controller, or a standby just made master, reads
     * them. The next push adopts what it can from those tables (a push of the same state then
     * sends nothing).
     */
    public void forgetIds() {
        compiler = new StateCompiler(ownership, weightTotal);
        ids = IdBook.seenOn(held);
    }

    /**
     * @param desired the state to install next
     * @return per switch of this state and the ones before, its messages in make-before-break
     *         phase order (empty for a switch that needs none), by datapath id
     */
    public Map<Dpid, List<OfMessage>> push(DesiredState desired) {
        Set<Dpid> switches = new HashSet<>(desired.switches());
        switches.addAll(held.keySet());
        CompiledState compiled = compiler.compile(desired, switches, ids);
        Map<Dpid, List<OfMessage>> out = new LinkedHashMap<>();
        switches.stream().sorted().forEach(d -> {
            List<OfMessage> messages = new ArrayList<>();
            TableDiff.plan(held.getOrDefault(d, SwitchTables.EMPTY), compiled.tables().get(d), true,
                    compiled.deltas().get(d)).values().forEach(messages::addAll);
            out.put(d, messages);
        });
        held = compiled.tables();
        // Every id on the switches is now one of the compile's own: nothing else to reserve.
        ids = new IdBook(compiled.labels(), compiled.groupIds(), Set.of(), Set.of(), compiled.tables(), compiled.buckets());
        return out;
    }
}
