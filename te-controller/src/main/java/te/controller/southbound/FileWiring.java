package te.controller.southbound;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import te.southbound.Dpid;
import te.southbound.Hop;
import te.southbound.IpPrefix;
import te.topology.Topology;

/**
 * A network's real wiring from a file, one entry per line ({@code #} comments):
 * <pre>
 * node ATLA dpid 00:00:00:00:00:00:00:0a prefix 10.7.0.0/16,2001:db8:7::/48 host-port 1 certificate-cn atla-sw1
 * link ATLA WASH port 3
 * </pre>
 * Every topology node needs a {@code node} line (id or unique label); {@code prefix} lists its hosts'
 * IPv4 and IPv6 prefixes, comma-separated, each belonging to one node only; {@code host-port} defaults to
 * 1. {@code certificate-cn} binds the node's dpid to the CN of its switch's TLS certificate: given
 * for one node, it is needed for every node, and names are unique. An arc without a {@code link} line uses the conventional numbering (its rank among the tail's
 * arcs + 2), so a lab wired that way needs no link lines. No two arcs of a node, nor an arc and the
 * node's host port, share a port, and a link gets at most one line. Every problem in the file is reported at
 * once and nothing is used from a file with problems.
 */
public final class FileWiring implements Wiring {
    private final Dpid[] dpid;
    private final List<List<IpPrefix>> prefixes;
    private final int[] hostPort;
    private final int[] outPort;
    private final String[] certificateName;

    private FileWiring(Dpid[] dpid, List<List<IpPrefix>> prefixes, int[] hostPort, int[] outPort, String[] certificateName) {
        this.dpid = dpid;
        this.prefixes = prefixes;
        this.hostPort = hostPort;
        this.outPort = outPort;
        this.certificateName = certificateName;
    }

    /** @throws IllegalArgumentException listing every bad line; @throws IOException if unreadable */
    public static FileWiring read(Topology topology, Path file) throws IOException {
        return parse(topology, Files.readString(file), file.toString());
    }

    /** @throws IllegalArgumentException naming the source, each bad line and each node without an entry */
    public static FileWiring parse(Topology topology, String text, String source) {
        int n = topology.nodeCount();
        Dpid[] dpid = new Dpid[n];
        List<List<IpPrefix>> prefixes = new ArrayList<>(java.util.Collections.nCopies(n, List.of()));
        Map<IpPrefix, String> prefixOwner = new HashMap<>();
        int[] hostPort = new int[n];
        String[] certificateName = new String[n];
        Map<String, String> nameOwner = new HashMap<>();
        int[] outPort = new int[topology.arcCount()];
        ConventionalWiring conventional = new ConventionalWiring(topology);
        for (int a = 0; a < outPort.length; a++) {
            outPort[a] = conventional.outPort(a);
        }
        int[] linkLine = new int[outPort.length];
        // A node whose line has problems still has a line: it is not also reported as missing one.
        boolean[] hasLine = new boolean[n];
        boolean[] named = new boolean[n];
        List<String> problems = new ArrayList<>();
        Map<Dpid, String> dpidOwner = new HashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            // Each check of a line runs whatever the others found, so one pass names all of its problems.
            String where = "line %d: ".formatted(i + 1);
            String[] w = line.split("\\s+");
            int before = problems.size();
            Map<String, String> option = w[0].equals("node") && w.length >= 6 && w.length % 2 == 0 && w[2].equals("dpid")
                    && w[4].equals("prefix") ? options(w, problems, where) : null;
            if (option != null && NODE_OPTIONS.containsAll(option.keySet())) {
                Integer v = checked(problems, where, () -> topology.resolveNode(w[1]));
                boolean again = v != null && hasLine[v];
                if (again) {
                    problems.add(where + "node '%s' appears twice".formatted(w[1]));
                }
                if (v != null) {
                    hasLine[v] = true;
                    named[v] |= option.containsKey("certificate-cn");
                }
                // A repeated node line clashing with its own first line is that one problem, said above.
                java.util.function.Predicate<String> elsewhere = owner -> !again || !owner.equals(w[1]);
                Dpid d = checked(problems, where, () -> Dpid.parse(w[3]));
                String dpidTaken = d == null ? null : dpidOwner.putIfAbsent(d, w[1]);
                if (dpidTaken != null && elsewhere.test(dpidTaken)) {
                    problems.add(where + "dpid %s already belongs to node '%s'".formatted(d, dpidTaken));
                }
                List<IpPrefix> own = prefixes(w[5], problems, where);
                for (IpPrefix q : own) {
                    // Two nodes with one prefix would make two commodities from every ingress match the same packets.
                    String other = prefixOwner.putIfAbsent(q, w[1]);
                    if (other != null && elsewhere.test(other)) {
                        problems.add(where + "prefix %s already belongs to node '%s'".formatted(q, other));
                    }
                }
                Integer host = option.containsKey("host-port") ? checked(problems, where, () -> port(option.get("host-port"))) : Integer.valueOf(1);
                String name = option.get("certificate-cn");
                String nameTaken = name == null ? null : nameOwner.putIfAbsent(name, w[1]);
                if (nameTaken != null && elsewhere.test(nameTaken)) {
                    problems.add(where + "certificate-cn '%s' already belongs to node '%s'".formatted(name, nameTaken));
                }
                if (v != null && !again && host != null) {
                    // Kept even when the line has other problems: the node's port clashes are problems of their own.
                    hostPort[v] = host;
                }
                if (v != null && problems.size() == before) {
                    dpid[v] = d;
                    prefixes.set(v, own);
                    certificateName[v] = name;
                }
            } else if (w[0].equals("link") && w.length == 5 && w[3].equals("port")) {
                Integer u = checked(problems, where, () -> topology.resolveNode(w[1]));
                Integer v = checked(problems, where, () -> topology.resolveNode(w[2]));
                Integer port = checked(problems, where, () -> port(w[4]));
                int arc = u == null || v == null ? -1 : topology.arcIndex(u, v);
                if (u != null && v != null && arc < 0) {
                    problems.add(where + "no arc %s -> %s in %s".formatted(w[1], w[2], topology.name()));
                } else if (arc >= 0 && linkLine[arc] != 0) {
                    problems.add(where + "link %s %s already has a port (line %d)".formatted(w[1], w[2], linkLine[arc]));
                } else if (arc >= 0 && port != null) {
                    outPort[arc] = port;
                    linkLine[arc] = i + 1;
                }
            } else {
                problems.add(where + syntax(line));
            }
        }
        for (int v = 0; v < n; v++) {
            if (!hasLine[v]) {
                problems.add("node '%s' has no 'node' line".formatted(topology.nodes().get(v).id()));
            } else if (hostPort[v] != 0) {
                portClashes(topology, v, hostPort[v], outPort, problems);
            }
        }
        if (!nameOwner.isEmpty()) {
            // A node left out would let any trusted certificate claim its dpid: all or none.
            List<String> unnamed = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                if (hasLine[v] && !named[v]) {
                    unnamed.add(topology.nodes().get(v).id());
                }
            }
            if (!unnamed.isEmpty()) {
                problems.add("certificate-cn is given for some nodes, so every node needs one; missing for %s".formatted(
                        unnamed.size() > 10 ? unnamed.subList(0, 10) + " and %d more".formatted(unnamed.size() - 10) : unnamed));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid wiring %s: %s".formatted(source, String.join("; ", problems)));
        }
        return new FileWiring(dpid, prefixes, hostPort, outPort, certificateName);
    }

    /**
     * Adds a problem for each port of node {@code v} that two of its arcs, or an arc and its host
     * port, would share: traffic would leave on the wrong link, and the port's counters would
     * measure two links as one.
     */
    private static void portClashes(Topology topology, int v, int hostPort, int[] outPort, List<String> problems) {
        Map<Integer, String> user = new java.util.TreeMap<>();
        user.put(hostPort, "the host port");
        for (int a = topology.outStart(v); a < topology.outStart(v + 1); a++) {
            String link = "link %s->%s".formatted(topology.nodes().get(v).id(), topology.nodes().get(topology.arcDst(a)).id());
            String other = user.putIfAbsent(outPort[a], link);
            if (other != null) {
                problems.add("node '%s': port %d is both %s and %s's (a link line or host-port moves one)".formatted(
                        topology.nodes().get(v).id(), outPort[a], other, link));
            }
        }
    }

    private static final java.util.Set<String> NODE_OPTIONS = java.util.Set.of("host-port", "certificate-cn");

    /** @return a node line's optional "key value" pairs after its prefix, each key's first value; a repeated key is a problem */
    private static Map<String, String> options(String[] w, List<String> problems, String where) {
        Map<String, String> options = new HashMap<>();
        for (int i = 6; i + 1 < w.length; i += 2) {
            if (options.putIfAbsent(w[i], w[i + 1]) != null) {
                problems.add(where + "'%s' is given twice".formatted(w[i]));
            }
        }
        return options;
    }

    /** @return the comma-separated prefixes of a node line that parse, each once; each that does not is a problem */
    private static List<IpPrefix> prefixes(String text, List<String> problems, String where) {
        List<IpPrefix> own = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            IpPrefix q = checked(problems, where, () -> IpPrefix.parse(part));
            if (q != null && own.contains(q)) {
                problems.add(where + "prefix %s is listed twice".formatted(q));
            } else if (q != null) {
                own.add(q);
            }
        }
        return List.copyOf(own);
    }

    /** @return what {@code check} gives, or null after adding its refusal to the problems */
    private static <T> T checked(List<String> problems, String where, java.util.function.Supplier<T> check) {
        try {
            return check.get();
        } catch (IllegalArgumentException e) {
            problems.add(where + e.getMessage());
            return null;
        }
    }

    private static String syntax(String line) {
        return ("expected 'node ID dpid DPID prefix A.B.C.D/LEN[,2001:DB8::/48...] [host-port N] [certificate-cn NAME]' "
                + "or 'link SRC DST port N', got '%s'").formatted(line);
    }

    private static int port(String text) {
        try {
            long port = Long.parseLong(text);
            if (port < 1 || port > Integer.toUnsignedLong(Hop.LAST_PORT)) {
                throw new NumberFormatException();
            }
            return (int) port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(("port '%s' must be a switch port number 1..4294967039"
                    + " (4294967040 = 0xffffff00 and up are reserved OpenFlow ports)").formatted(text));
        }
    }

    @Override
    public Dpid dpid(int node) {
        return dpid[node];
    }

    @Override
    public int outPort(int arc) {
        return outPort[arc];
    }

    @Override
    public int hostPort(int node) {
        return hostPort[node];
    }

    @Override
    public List<IpPrefix> prefixes(int node) {
        return prefixes.get(node);
    }

    @Override
    public java.util.Optional<String> certificateName(int node) {
        return java.util.Optional.ofNullable(certificateName[node]);
    }
}
