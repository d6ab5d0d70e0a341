package te.southbound;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import te.southbound.openflow.FlowCommand;
import te.southbound.openflow.GroupCommand;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.FlowMod;
import te.southbound.openflow.OfMessage.GroupMod;

/**
 * The messages that take one switch from its current owned entries to the desired ones, sorted
 * into {@link Phase}s. Messages carry xid 0; the connection stamps its own.
 */
final class TableDiff {
    private TableDiff() {
    }

    /**
     * @param removeStaleTunnels false while some switch that may still send traffic into our
     *                           tunnels is unreachable: its buckets may carry any of our labels,
     *                           so stale label entries stay until it is back (ids seen on
     *                           switches are never reused meanwhile)
     */
    static Map<Phase, List<OfMessage>> plan(SwitchTables current, SwitchTables desired, boolean removeStaleTunnels) {
        return plan(current, desired, removeStaleTunnels, desired.flows().values(), current.flows().values(),
                desired.groups().values(), current.groups().values());
    }

    /**
     * The same plan, looking only at the keys {@code delta} names when the switch holds exactly
     * the tables the delta starts from (everywhere else current and desired are then equal).
     *
     * @param delta how {@code desired} differs from the previous compile's tables, or null
     */
    static Map<Phase, List<OfMessage>> plan(SwitchTables current, SwitchTables desired, boolean removeStaleTunnels,
                                            TableDelta delta) {
        if (delta == null || delta.from() != current) {
            return plan(current, desired, removeStaleTunnels);
        }
        return plan(current, desired, removeStaleTunnels, present(desired.flows(), delta.flowKeys()),
                present(current.flows(), delta.flowKeys()), present(desired.groups(), delta.groupIds()),
                present(current.groups(), delta.groupIds()));
    }

    private static <K, V> List<V> present(Map<K, V> map, java.util.Collection<K> keys) {
        List<V> values = new ArrayList<>();
        for (K k : keys) {
            V v = map.get(k);
            if (v != null) {
                values.add(v);
            }
        }
        return values;
    }

    /**
     * @param wantedFlows  desired flows to check (all of them, or those under changed keys)
     * @param heldFlows    current flows to check
     * @param wantedGroups desired groups to check
     * @param heldGroups   current groups to check
     */
    private static Map<Phase, List<OfMessage>> plan(SwitchTables current, SwitchTables desired, boolean removeStaleTunnels,
                                                    Iterable<FlowEntry> wantedFlows, Iterable<FlowEntry> heldFlows,
                                                    Iterable<GroupEntry> wantedGroups, Iterable<GroupEntry> heldGroups) {
        Map<Phase, List<OfMessage>> plan = new EnumMap<>(Phase.class);
        for (Phase p : Phase.values()) {
            plan.put(p, new ArrayList<>());
        }
        for (FlowEntry want : wantedFlows) {
            FlowEntry have = current.flows().get(want.key());
            if (!want.equals(have)) {
                // MODIFY_STRICT keeps the entry's counters but not a changed cookie; ADD replaces.
                FlowCommand cmd = have != null && have.cookie() == want.cookie()
                        ? FlowCommand.MODIFY_STRICT : FlowCommand.ADD;
                plan.get(isIngress(want) ? Phase.INGRESS : Phase.TUNNELS).add(flowMod(cmd, want));
            }
        }
        for (GroupEntry want : wantedGroups) {
            GroupEntry have = current.groups().get(want.groupId());
            if (!want.equals(have)) {
                GroupCommand cmd = have == null ? GroupCommand.ADD : GroupCommand.MODIFY;
                Phase phase = have != null && sendsOnlyWhereItSent(have, want) ? Phase.REWEIGHT : Phase.GROUPS;
                plan.get(phase).add(new GroupMod(0, cmd, want.type(), want.groupId(), want.buckets()));
            }
        }
        List<OfMessage> removals = plan.get(Phase.REMOVALS);
        List<OfMessage> staleTunnels = new ArrayList<>();
        for (FlowEntry have : heldFlows) {
            if (!desired.flows().containsKey(have.key())) {
                (isIngress(have) ? removals : staleTunnels).add(flowMod(FlowCommand.DELETE_STRICT, have));
            }
        }
        for (GroupEntry have : heldGroups) {
            if (!desired.groups().containsKey(have.groupId())) {
                removals.add(new GroupMod(0, GroupCommand.DELETE, have.type(), have.groupId(), List.of()));
            }
        }
        if (removeStaleTunnels) {
            removals.addAll(staleTunnels);
        }
        return plan;
    }

    /**
     * Moves out of {@link Phase#REWEIGHT}, into {@link Phase#GROUPS}, every group change that sends
     * into a label some switch's {@link Phase#TUNNELS} is (re)building in the same run: that tunnel
     * is not whole on the switches now (e.g. a transit switch came back empty), so the group must
     * not shift traffic onto it before the tunnel is confirmed.
     *
     * @param plans every switch's plan of one run
     */
    static void deferReweightsOntoRebuiltTunnels(java.util.Collection<Map<Phase, List<OfMessage>>> plans) {
        java.util.Set<Integer> rebuilt = new java.util.HashSet<>();
        for (Map<Phase, List<OfMessage>> plan : plans) {
            for (OfMessage m : plan.get(Phase.TUNNELS)) {
                ((FlowMod) m).match().mplsLabel().ifPresent(rebuilt::add);
            }
        }
        if (rebuilt.isEmpty()) {
            return;
        }
        for (Map<Phase, List<OfMessage>> plan : plans) {
            for (java.util.Iterator<OfMessage> it = plan.get(Phase.REWEIGHT).iterator(); it.hasNext(); ) {
                GroupMod g = (GroupMod) it.next();
                if (sendsInto(g, rebuilt)) {
                    it.remove();
                    plan.get(Phase.GROUPS).add(g);
                }
            }
        }
    }

    private static boolean sendsInto(GroupMod g, java.util.Set<Integer> labels) {
        for (te.southbound.openflow.Bucket b : g.buckets()) {
            for (te.southbound.openflow.Action a : b.actions()) {
                if (a instanceof te.southbound.openflow.Action.SetField sf
                        && sf.field() instanceof te.southbound.openflow.OxmField.MplsLabel l && labels.contains(l.label())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * @return whether every bucket of {@code want} does what one of {@code have}'s does (same
     *         actions), weights and watch ports aside: its tunnels are installed already
     */
    static boolean sendsOnlyWhereItSent(GroupEntry have, GroupEntry want) {
        if (have.type() != want.type()) {
            return false;
        }
        java.util.Set<List<te.southbound.openflow.Action>> before = new java.util.HashSet<>();
        for (te.southbound.openflow.Bucket b : have.buckets()) {
            before.add(b.actions());
        }
        for (te.southbound.openflow.Bucket b : want.buckets()) {
            if (!before.contains(b.actions())) {
                return false;
            }
        }
        return true;
    }

    /** @return whether {@code e} is an ingress flow (prefix → group), not a tunnel's label entry */
    static boolean isIngress(FlowEntry e) {
        return Ownership.kind(e.cookie()) == Ownership.KIND_INGRESS;
    }

    private static FlowMod flowMod(FlowCommand cmd, FlowEntry e) {
        // Deletes name the exact cookie (mask all ones) so they can only hit our own entry; the
        // cookie is the entry's own, so the switch's cookie index finds just that one (Ownership).
        long cookieMask = cmd == FlowCommand.DELETE_STRICT ? -1L : 0L;
        return new FlowMod(0, e.cookie(), cookieMask, 0, cmd, 0, 0, e.priority(), OfConstants.OFP_NO_BUFFER,
                OfConstants.OFPP_ANY, OfConstants.OFPG_ANY, 0, e.match(),
                cmd == FlowCommand.DELETE_STRICT ? List.of() : e.instructions());
    }
}
