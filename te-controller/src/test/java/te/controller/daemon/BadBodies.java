package te.controller.daemon;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import te.topology.Topology;

/**
 * Seeded generator of invalid demand uploads, each with exactly the defect its kind names, so
 * every one must be refused whatever the random choices: broken JSON, wrong types, unknown nodes,
 * self-pairs, negative/NaN/huge demands, duplicate pairs, bad CSV rows, wrong content types and
 * bodies over the size limit.
 */
final class BadBodies {
    /** One generated request. */
    record Body(String kind, String contentType, String text) {
    }

    private final Topology topology;
    private final SplittableRandom random;
    private final int oversize;

    /** @param oversize bodies of this kind are made at least this many bytes long */
    BadBodies(Topology topology, long seed, int oversize) {
        this.topology = topology;
        this.random = new SplittableRandom(seed);
        this.oversize = oversize;
    }

    Body next() {
        int kind = random.nextInt(16);
        return switch (kind) {
            case 0 -> json("truncated", truncate(validJson()));
            case 1 -> json("garbage", "]" + garbage());
            case 2 -> json("wrong-type", entries(entry(quote(node()), quote(node()), pick("\"12\"", "true", "null", "[1]", "{}"))));
            case 3 -> json("wrong-node-type", entries(entry(pick("true", "null", "[\"0\"]", "{\"id\":0}", "1.5"), quote(node()), "1")));
            case 4 -> json("unknown-node", entries(entry(quote("nowhere-" + random.nextInt(1000)), quote(node()), "1")));
            case 5 -> {
                String n = node();
                yield json("self-pair", entries(entry(quote(n), quote(n), "1")));
            }
            case 6 -> json("bad-demand", entries(pairEntry(pick("-1", "-0.001", "1e10", "1e400", "-1e400", "1000000001"))));
            case 7 -> {
                String e = pairEntry("5");
                yield json("duplicate", "[" + validEntries() + e + "," + e + "]");
            }
            case 8 -> json("structure", pick("{}", "{\"demands\":5}", "{\"other\":[]}", "42", "\"text\"", "[1,2]", "[[]]", "{\"demands\":[]}x",
                    "[{\"src\":\"0\",\"dst\":\"1\"}]", "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":1,\"extra\":2}]", "[] []"));
            case 9 -> csv("csv-fields", validCsv() + pick("0,1\n", "0,1,2,3\n", "just-text\n", ",,\n"));
            case 10 -> csv("csv-value", validCsv() + node() + "," + other() + "," + pick("NaN", "Infinity", "-5", "abc", "1e999", "", "0x1p4", "5d", "2.5f") + "\n");
            case 11 -> csv("csv-node", validCsv() + "ghost," + node() + ",1\n");
            case 12 -> new Body("content-type", pick("application/xml", "text/plain", "application/octet-stream",
                    "application/json; charset=iso-8859-1", "multipart/form-data", ";", ";;", " ; charset=utf-8"), validJson());
            case 13 -> {
                String[] e = pairEntry("1").split(",\"demand\":");
                yield json("duplicate-key", "[" + validEntries() + e[0] + ",\"demand\":" + pick("1", "7") + ",\"demand\":" + e[1] + "]");
            }
            case 14 -> csv("csv-empty", pick("", "src,dst,demand\n", "# nothing yet\n", "\n\n", "\uFEFF"));
            default -> json("oversized", oversized());
        };
    }

    private Body json(String kind, String text) {
        return new Body(kind, "application/json", text);
    }

    private Body csv(String kind, String text) {
        return new Body(kind, "text/csv", text);
    }

    private String pick(String... options) {
        return options[random.nextInt(options.length)];
    }

    private String node() {
        return topology.nodes().get(random.nextInt(topology.nodeCount())).id();
    }

    /** A node other than the last one {@link #node()} could pair with: any, the validator catches self-pairs anyway. */
    private String other() {
        return node();
    }

    private static String quote(String s) {
        return "\"" + s + "\"";
    }

    private static String entry(String src, String dst, String demand) {
        return "{\"src\":" + src + ",\"dst\":" + dst + ",\"demand\":" + demand + "}";
    }

    /** An entry on a pair no valid part of the body uses (nodes 0 and 1 are reserved for defects). */
    private String pairEntry(String demand) {
        return entry("\"0\"", "\"1\"", demand);
    }

    /** A few valid entries between nodes 2.., so they never collide with the defective entry. */
    private String validEntries() {
        StringBuilder sb = new StringBuilder();
        int n = topology.nodeCount();
        int count = random.nextInt(4);
        List<String> used = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int s = 2 + random.nextInt(n - 2);
            int d = 2 + random.nextInt(n - 2);
            if (s != d && !used.contains(s + ">" + d)) {
                used.add(s + ">" + d);
                sb.append(entry(quote(Integer.toString(s)), quote(Integer.toString(d)), Double.toString(random.nextDouble() * 100))).append(',');
            }
        }
        return sb.toString();
    }

    private String entries(String bad) {
        String valid = validEntries();
        return random.nextBoolean() ? "[" + valid + bad + "]" : "[" + bad + (valid.isEmpty() ? "" : "," + valid.substring(0, valid.length() - 1)) + "]";
    }

    private String validJson() {
        String v = validEntries();
        return "[" + v + pairEntry("1") + "]";
    }

    private String validCsv() {
        return random.nextBoolean() ? "src,dst,demand\n2,3,1.5\n" : "4,5,2\n";
    }

    private String truncate(String json) {
        return json.substring(0, random.nextInt(json.length()));
    }

    private String garbage() {
        char[] c = new char[1 + random.nextInt(40)];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) (random.nextInt(0x7f - 0x20) + 0x20);
        }
        return new String(c);
    }

    private String oversized() {
        StringBuilder sb = new StringBuilder("[");
        while (sb.length() <= oversize) {
            sb.append(pairEntry("1")).append(',');
        }
        return sb.append(pairEntry("1")).append(']').toString();
    }
}
