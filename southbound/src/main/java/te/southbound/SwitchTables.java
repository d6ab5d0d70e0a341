package te.southbound;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The owned part of one switch's state: flows of table 0 by key and groups by id. Used both for
 * what a switch should hold and for what it was read to hold, so one diff serves updates and
 * resyncs.
 *
 * @param flows  owned flow entries by key
 * @param groups owned groups by id
 */
public record SwitchTables(Map<FlowEntry.Key, FlowEntry> flows, Map<Integer, GroupEntry> groups) {
    /** No owned entries. */
    public static final SwitchTables EMPTY = new SwitchTables(Map.of(), Map.of());

    public SwitchTables {
        flows = frozen(flows);
        groups = frozen(groups);
    }

    /**
     * Takes maps its caller built and will not touch again, without copying them: a push's tables
     * hold about 600,000 entries on Cogentco, and copying them again cost a sixth of each compile.
     */
    static SwitchTables handOver(LinkedHashMap<FlowEntry.Key, FlowEntry> flows, LinkedHashMap<Integer, GroupEntry> groups) {
        return new SwitchTables(new Frozen<>(flows), new Frozen<>(groups));
    }

    /**
     * @return these tables with the given entries removed, then the given ones added (replacing
     *         any under the same key); made in time and memory proportional to the changes since
     *         the tables were last folded into one map (at most a quarter of their size), not to
     *         their size: a push after a link failure changes a few entries at each of most switches
     */
    SwitchTables patched(Collection<FlowEntry.Key> flowsGone, List<FlowEntry> flowsAdded,
                         Collection<Integer> groupsGone, List<GroupEntry> groupsAdded) {
        LinkedHashMap<FlowEntry.Key, FlowEntry> newFlows = new LinkedHashMap<>();
        flowsAdded.forEach(f -> newFlows.put(f.key(), f));
        LinkedHashMap<Integer, GroupEntry> newGroups = new LinkedHashMap<>();
        groupsAdded.forEach(g -> newGroups.put(g.groupId(), g));
        return new SwitchTables(((Frozen<FlowEntry.Key, FlowEntry>) flows).with(flowsGone, newFlows),
                ((Frozen<Integer, GroupEntry>) groups).with(groupsGone, newGroups));
    }

    private static <K, V> Map<K, V> frozen(Map<K, V> m) {
        return m instanceof Frozen<K, V> ? m : new Frozen<>(new LinkedHashMap<>(m));
    }

    /**
     * A read-only map: an insertion-ordered map that nothing else holds, possibly with changes
     * laid over it (entries added or replaced, keys removed). Laying changes over the map a
     * previous push left shares it instead of copying it; the changes are folded into a fresh
     * map once they reach a quarter of its size, which bounds both the lookups' extra cost and
     * the changes carried from push to push.
     */
    private static final class Frozen<K, V> extends AbstractMap<K, V> {
        private final Map<K, V> base;
        private final Map<K, V> over; // added or replaced; none of its keys is in gone
        private final Set<K> gone;    // keys of base that are removed
        private final int size;

        Frozen(LinkedHashMap<K, V> base) {
            this(base, Map.of(), Set.of());
        }

        private Frozen(Map<K, V> base, Map<K, V> over, Set<K> gone) {
            this.base = base;
            this.over = over;
            this.gone = gone;
            int n = base.size() - gone.size();
            for (K k : over.keySet()) {
                if (!base.containsKey(k)) {
                    n++;
                }
            }
            this.size = n;
        }

        Frozen<K, V> with(Collection<K> removed, LinkedHashMap<K, V> added) {
            LinkedHashMap<K, V> newOver = new LinkedHashMap<>(over);
            Set<K> newGone = new HashSet<>(gone);
            for (K k : removed) {
                newOver.remove(k);
                if (base.containsKey(k)) {
                    newGone.add(k);
                }
            }
            added.forEach((k, v) -> {
                newOver.put(k, v);
                newGone.remove(k);
            });
            Frozen<K, V> result = new Frozen<>(base, newOver, newGone);
            if (newOver.size() + newGone.size() <= base.size() / 4) {
                return result;
            }
            LinkedHashMap<K, V> flat = new LinkedHashMap<>((int) (result.size / 0.75f) + 1);
            result.forEach(flat::put);
            return new Frozen<>(flat);
        }

        private boolean hidden(K k) {
            return gone.contains(k) || over.containsKey(k);
        }

        @Override
        public V get(Object key) {
            if (key == null) {
                return null; // Map.of() throws on null keys: answer as a LinkedHashMap would
            }
            V v = over.get(key);
            return v != null || gone.contains(key) ? v : base.get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return key != null && (over.containsKey(key) || !gone.contains(key) && base.containsKey(key));
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public void forEach(BiConsumer<? super K, ? super V> action) {
            if (over.isEmpty() && gone.isEmpty()) {
                base.forEach(action);
                return;
            }
            base.forEach((k, v) -> {
                if (!hidden(k)) {
                    action.accept(k, v);
                }
            });
            over.forEach(action);
        }

        @Override
        public Set<Entry<K, V>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<K, V>> iterator() {
                    return new Iterator<>() {
                        private final Iterator<Entry<K, V>> fromBase = base.entrySet().iterator();
                        private final Iterator<Entry<K, V>> fromOver = over.entrySet().iterator();
                        private Entry<K, V> next = advance();

                        private Entry<K, V> advance() {
                            while (fromBase.hasNext()) {
                                Entry<K, V> e = fromBase.next();
                                if (!hidden(e.getKey())) {
                                    return new SimpleImmutableEntry<>(e.getKey(), e.getValue());
                                }
                            }
                            if (fromOver.hasNext()) {
                                Entry<K, V> e = fromOver.next();
                                return new SimpleImmutableEntry<>(e.getKey(), e.getValue());
                            }
                            return null;
                        }

                        @Override
                        public boolean hasNext() {
                            return next != null;
                        }

                        @Override
                        public Entry<K, V> next() {
                            if (next == null) {
                                throw new NoSuchElementException();
                            }
                            Entry<K, V> e = next;
                            next = advance();
                            return e;
                        }
                    };
                }

                @Override
                public int size() {
                    return size;
                }
            };
        }
    }
}
