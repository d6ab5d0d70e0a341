package te.southbound;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

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
        flows = Collections.unmodifiableMap(new LinkedHashMap<>(flows));
        groups = Collections.unmodifiableMap(new LinkedHashMap<>(groups));
    }
}
