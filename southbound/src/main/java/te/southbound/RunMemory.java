package te.southbound;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import te.southbound.StateCompiler.Bucketed;

/**
 * What the reconciler carries from run to run (its thread only): a trusted copy of each
 * connected switch's owned entries, the last-seen copy of every switch ever seen (kept across
 * disconnects), and the ids and splits of the last clean run.
 */
final class RunMemory {
    /** A switch's entries as read or last written over one connection. */
    record Trusted(SwitchConnection connection, SwitchTables tables) {
    }

    /**
     * Switch reads kept in flight at once. One read at a time left the switches idle between an
     * answer and the next request (Cogentco, 197 OVS bridges: see the README); a bounded window
     * keeps each read's timeout, counted from its own requests, meaningful when hundreds of
     * switches share one slow control plane.
     */
    static final int READ_WINDOW = 32;

    private final Map<Dpid, Trusted> trusted = new HashMap<>();
    private final Map<Dpid, SwitchTables> lastSeen = new HashMap<>();
    /** Switches read since the start; of the others, {@link #lastSeen} holds only what is assumed. */
    private final Set<Dpid> everRead = new HashSet<>();
    /**
     * What a switch a failed run touched may hold beyond {@link #lastSeen} (which then keeps only
     * what it certainly holds), until it is read again: its ids stay reserved.
     */
    private final Map<Dpid, SwitchTables> mayHold = new HashMap<>();
    private Map<Tunnel, Integer> labels = Map.of();
    private Map<String, Integer> groupIds = Map.of();
    private Map<String, List<Bucketed>> installed = Map.of();
    /** The tables of the last committed compile: their ids are all in {@link #labels} and {@link #groupIds}. */
    private Map<Dpid, SwitchTables> committed = Map.of();

    /** Forgets the trusted copies, so every switch is read again (audit, unexpected failure). */
    void distrustAll() {
        trusted.clear();
    }

    /**
     * Drops copies of connections that are gone or replaced, and reads switches without one.
     *
     * @return how many switches were read, and the failures, one line each
     */
    Refreshed refresh(Map<Dpid, SwitchConnection> ready, Ownership own, long timeoutMs) {
        trusted.entrySet().removeIf(e -> ready.get(e.getKey()) != e.getValue().connection());
        List<Dpid> unread = ready.keySet().stream().filter(d -> !trusted.containsKey(d)).toList();
        List<String> problems = new ArrayList<>();
        // In flight, in the order sent: the first one is always the next to time out.
        Map<Dpid, TableReader.InFlight> inFlight = new LinkedHashMap<>();
        BlockingQueue<Dpid> settled = new LinkedBlockingQueue<>();
        int next = 0;
        int read = 0;
        try {
            while (next < unread.size() || !inFlight.isEmpty()) {
                while (inFlight.size() < READ_WINDOW && next < unread.size()) {
                    Dpid d = unread.get(next++);
                    try {
                        TableReader.InFlight f = TableReader.start(ready.get(d), own);
                        inFlight.put(d, f);
                        f.settled().whenComplete((v, ex) -> settled.add(d));
                    } catch (RuntimeException e) {
                        problems.add(readFailed(d, e, timeoutMs)); // e.g. a message log that throws: this switch only
                    }
                }
                if (inFlight.isEmpty()) {
                    continue;
                }
                // Whichever read ends first, so a silent switch holds up no other; the oldest at its deadline.
                Map.Entry<Dpid, TableReader.InFlight> oldest = inFlight.entrySet().iterator().next();
                Dpid d = settled.poll(oldest.getValue().remainingNanos(timeoutMs), TimeUnit.NANOSECONDS);
                if (d == null) {
                    d = oldest.getKey();
                }
                TableReader.InFlight f = inFlight.remove(d);
                if (f == null) {
                    continue; // a read already ended (timed out, then cancelled): its settling says nothing new
                }
                try {
                    read(d, ready.get(d), f.await(timeoutMs));
                    read++;
                } catch (InterruptedException e) {
                    throw e;
                } catch (Exception e) {
                    problems.add(readFailed(d, e, timeoutMs));
                }
            }
        } catch (InterruptedException e) {
            // Closing: stop here; the switches not read stay untrusted and nothing is sent.
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("interrupted while reading switches");
        } finally {
            inFlight.values().forEach(TableReader.InFlight::cancel);
        }
        return new Refreshed(read, problems);
    }

    /** A timeout says nothing by itself: name what was asked. */
    private static String readFailed(Dpid d, Exception e, long timeoutMs) {
        // The future's wrapper says nothing; its cause does ("connection ... closed" for a lost switch).
        Throwable cause = e instanceof java.util.concurrent.ExecutionException && e.getCause() != null ? e.getCause() : e;
        return "reading switch %s failed: %s".formatted(d, cause instanceof java.util.concurrent.TimeoutException
                ? "its groups and flows (GROUP_DESC, FLOW multipart) not answered within %d ms".formatted(timeoutMs)
                : cause instanceof java.io.IOException && cause.getMessage() != null ? cause.getMessage() : cause.toString());
    }

    /** What {@link #refresh} did: switches it read, and the failures, one line per switch not read. */
    record Refreshed(int read, List<String> problems) {
    }

    /** Records that switch {@code d} was read, over {@code connection}, to hold {@code tables}. */
    void read(Dpid d, SwitchConnection connection, SwitchTables tables) {
        trusted.put(d, new Trusted(connection, tables));
        lastSeen.put(d, tables);
        everRead.add(d);
        mayHold.remove(d);
    }

    /**
     * Before a run: takes each switch of the state not read since the start to hold the tunnel
     * entries its neighbours show ({@link UnseenSwitches}), until it is read. Made afresh each run,
     * as more of the neighbours are read.
     *
     * @return the switches taken to hold some, and how many entries in all
     */
    Assumed assumeUnseen(DesiredState state, Ownership own) {
        Set<Dpid> unseen = new HashSet<>(state.switches());
        unseen.removeAll(everRead);
        lastSeen.keySet().removeIf(d -> !everRead.contains(d)); // the last run's assumptions
        if (unseen.isEmpty()) {
            return new Assumed(Set.of(), 0);
        }
        UnseenSwitches.Assumption a = UnseenSwitches.assumed(state, unseen, lastSeen, labels, own);
        lastSeen.putAll(a.tables());
        if (!a.labels().isEmpty()) {
            // As if the last update had handed them out: a path through an unseen switch is
            // usable only with a label (PathChooser), and the compile keeps it.
            Map<Tunnel, Integer> known = new HashMap<>(labels);
            known.putAll(a.labels());
            labels = known;
        }
        return new Assumed(a.tables().keySet(), a.tables().values().stream().mapToInt(t -> t.flows().size()).sum());
    }

    /** What {@link #assumeUnseen} took unseen switches to hold. */
    record Assumed(Set<Dpid> switches, int entries) {
        Assumed {
            switches = Set.copyOf(switches);
        }
    }

    /** Forgets the trusted copy of one switch (its connection is gone or replaced). */
    void forget(Dpid d) {
        trusted.remove(d);
    }

    /** @return switches with a trusted copy: the ones that can be programmed now */
    Set<Dpid> connected() {
        return Set.copyOf(trusted.keySet());
    }

    SwitchTables tables(Dpid d) {
        return trusted.get(d).tables();
    }

    SwitchConnection connection(Dpid d) {
        return trusted.get(d).connection();
    }

    /**
     * @return switches that may send traffic into our tunnels: the ingresses of the state and of
     *         the last installed splits (only an ingress bucket pushes a label)
     */
    Set<Dpid> tunnelUsers(DesiredState state) {
        Set<Dpid> users = new HashSet<>();
        state.commodities().forEach(c -> users.add(c.ingress()));
        installed.values().forEach(b -> users.add(b.get(0).tunnel().hops().get(0).dpid()));
        return users;
    }

    IdBook idBook() {
        Set<Integer> seenLabels = new HashSet<>();
        Set<Integer> seenGroups = new HashSet<>();
        for (Map.Entry<Dpid, SwitchTables> e : lastSeen.entrySet()) {
            SwitchTables t = e.getValue();
            if (committed.get(e.getKey()) == t) {
                // Holds exactly what the last commit wrote, whose ids are previous ids already;
                // skipping these saves reading ~600,000 entries per push on Cogentco.
                continue;
            }
            IdBook.reserve(t, seenLabels, seenGroups);
        }
        mayHold.values().forEach(t -> IdBook.reserve(t, seenLabels, seenGroups));
        return new IdBook(labels, groupIds, seenLabels, seenGroups, lastSeen, installed);
    }

    /** Which stale entries a clean run left on the switches. */
    enum Kept {
        /** None: every stale entry was removed. */
        NONE,
        /** Stale label entries (some switch that may send into them was away). */
        STALE_LABELS,
        /** Every stale entry (the removal phase was left to the next run). */
        ALL_STALE
    }

    /**
     * Every phase the run sent went through: the switches now hold the compiled tables, plus the
     * stale entries it left, which a later run removes (their labels and group ids stay reserved
     * meanwhile).
     */
    void commit(CompiledState compiled, Kept kept) {
        compiled.tables().forEach((d, t) -> {
            SwitchTables held = kept == Kept.NONE ? t : withKept(t, trusted.get(d).tables(), kept);
            trusted.put(d, new Trusted(trusted.get(d).connection(), held));
            lastSeen.put(d, held);
        });
        labels = compiled.labels();
        groupIds = compiled.groupIds();
        installed = compiled.buckets();
        committed = compiled.tables();
    }

    /**
     * The run stopped part-way: what the touched switches hold is unknown, so they are read
     * again next run. Old and new ids and tunnels are all kept, so none is handed to another
     * tunnel, and no tunnel an unreachable ingress may use is removed, while entries may remain.
     */
    void fail(CompiledState compiled, Set<Dpid> touched) {
        touched.forEach(trusted::remove);
        // A touched switch holds some mix of before and after: only what both have is certain. An
        // entry the run deleted must not be taken for one a tunnel can use while the switch is
        // unreadable (traffic would go into a label it no longer has); its id stays reserved.
        for (Dpid d : touched) {
            SwitchTables before = lastSeen.getOrDefault(d, SwitchTables.EMPTY);
            SwitchTables after = compiled.tables().getOrDefault(d, SwitchTables.EMPTY);
            lastSeen.put(d, common(before, after));
            mayHold.put(d, union(union(before, after), mayHold.getOrDefault(d, SwitchTables.EMPTY)));
        }
        labels = merge(labels, compiled.labels());
        groupIds = merge(groupIds, compiled.groupIds());
        Map<String, List<Bucketed>> both = new HashMap<>(installed);
        compiled.buckets().forEach((id, b) -> both.merge(id, b, (x, y) -> {
            Set<Bucketed> union = new LinkedHashSet<>(x);
            union.addAll(y);
            return List.copyOf(union);
        }));
        installed = both;
    }

    private static SwitchTables withKept(SwitchTables compiled, SwitchTables before, Kept kept) {
        Map<FlowEntry.Key, FlowEntry> flows = new java.util.LinkedHashMap<>(compiled.flows());
        for (FlowEntry f : before.flows().values()) {
            if (kept == Kept.ALL_STALE || !TableDiff.isIngress(f)) {
                flows.putIfAbsent(f.key(), f);
            }
        }
        Map<Integer, GroupEntry> groups = new java.util.LinkedHashMap<>(compiled.groups());
        if (kept == Kept.ALL_STALE) {
            before.groups().forEach(groups::putIfAbsent);
        }
        return new SwitchTables(flows, groups);
    }

    /** @return the entries {@code a} and {@code b} both have, equal */
    private static SwitchTables common(SwitchTables a, SwitchTables b) {
        Map<FlowEntry.Key, FlowEntry> flows = new LinkedHashMap<>();
        a.flows().forEach((k, f) -> {
            if (f.equals(b.flows().get(k))) {
                flows.put(k, f);
            }
        });
        Map<Integer, GroupEntry> groups = new LinkedHashMap<>();
        a.groups().forEach((id, g) -> {
            if (g.equals(b.groups().get(id))) {
                groups.put(id, g);
            }
        });
        return new SwitchTables(flows, groups);
    }

    /** @return the entries of {@code a} and {@code b} (for ids only: an entry both have differently is {@code a}'s) */
    private static SwitchTables union(SwitchTables a, SwitchTables b) {
        Map<FlowEntry.Key, FlowEntry> flows = new LinkedHashMap<>(a.flows());
        b.flows().forEach(flows::putIfAbsent);
        Map<Integer, GroupEntry> groups = new LinkedHashMap<>(a.groups());
        b.groups().forEach(groups::putIfAbsent);
        return new SwitchTables(flows, groups);
    }

    Map<String, Integer> groupIds() {
        return groupIds;
    }

    private static <K> Map<K, Integer> merge(Map<K, Integer> a, Map<K, Integer> b) {
        Map<K, Integer> m = new HashMap<>(a);
        m.putAll(b);
        return m;
    }
}
