package te.southbound;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which switch is which topology node: a config file of {@code node = dpid} lines ({@code #}
 * comments, blank lines allowed; dpid in hex as {@link Dpid#parse} takes it). Its dpids are the
 * {@link SouthboundConfig#knownSwitches}; a switch with any other dpid is logged and ignored.
 *
 * <pre>
 * # Abilene
 * ATLAng = 00:00:00:00:00:00:00:01
 * CHINng = 0x2
 * </pre>
 */
public final class DatapathMap {
    private final Map<String, Dpid> byNode;
    private final Map<Dpid, String> byDpid = new HashMap<>();

    private DatapathMap(Map<String, Dpid> byNode) {
        this.byNode = Collections.unmodifiableMap(byNode);
        byNode.forEach((n, d) -> byDpid.put(d, n));
    }

    /**
     * @throws IOException              if the file cannot be read
     * @throws IllegalArgumentException listing every bad line, with the file name and line numbers
     */
    public static DatapathMap read(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    /** Parses the text of a map file; {@code source} names it in error messages. */
    public static DatapathMap parse(String text, String source) {
        Map<String, Dpid> byNode = new LinkedHashMap<>();
        Map<Dpid, String> seen = new HashMap<>();
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                problems.add("line %d: expected 'node = dpid', got '%s'".formatted(i + 1, line));
                continue;
            }
            String node = line.substring(0, eq).strip();
            try {
                Dpid dpid = Dpid.parse(line.substring(eq + 1));
                if (byNode.containsKey(node)) {
                    problems.add("line %d: node '%s' appears twice".formatted(i + 1, node));
                } else if (seen.containsKey(dpid)) {
                    problems.add("line %d: dpid %s already belongs to '%s'".formatted(i + 1, dpid, seen.get(dpid)));
                } else {
                    byNode.put(node, dpid);
                    seen.put(dpid, node);
                }
            } catch (IllegalArgumentException e) {
                problems.add("line %d: %s".formatted(i + 1, e.getMessage()));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid datapath map %s: %s".formatted(source, String.join("; ", problems)));
        }
        return new DatapathMap(byNode);
    }

    /**
     * @throws IllegalArgumentException if the node has no dpid
     */
    public Dpid dpid(String node) {
        Dpid d = byNode.get(node);
        if (d == null) {
            throw new IllegalArgumentException("node '%s' has no datapath id; maybe add '%s = <dpid>' to the map"
                    .formatted(node, node));
        }
        return d;
    }

    /** @return the node of a dpid, if it is mapped */
    public Optional<String> node(Dpid dpid) {
        return Optional.ofNullable(byDpid.get(dpid));
    }

    /** @return every mapped dpid (the switches that may be programmed) */
    public Set<Dpid> dpids() {
        return Set.copyOf(byNode.values());
    }

    /** @return node → dpid, in file order */
    public Map<String, Dpid> asMap() {
        return byNode;
    }
}
