package te.controller;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.Topology;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;

/**
 * Reads back what {@link AllocationJson} wrote, over a given topology: the allocation (its
 * commodities, paths by node ids, flows) and the top-level scalar fields as text. Used to reload
 * the daemon's last good allocation so it can be checked again and served after a restart.
 */
public final class AllocationJsonReader {
    // Kdl's allocation has ~1 M paths with full-precision flows: the fast (correctly rounded) double parser matters.
    private static final JsonFactory JSON = JsonFactory.builder().enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER).build();

    /**
     * @param fields     top-level scalar fields (e.g. {@code objective}, {@code version}) as text
     * @param allocation the allocation, over a problem built from the file's commodities and paths
     */
    public record Parsed(Map<String, String> fields, Allocation allocation) {
    }

    private AllocationJsonReader() {
    }

    /**
     * @param spec         recorded as the rebuilt path set's spec
     * @param capacityMbps arc capacities of the rebuilt problem (e.g. with failed arcs at 0)
     * @throws IllegalArgumentException naming the first problem: bad JSON, unknown node, a path over
     *                                  a missing arc, unsorted or repeated commodities
     */
    public static Parsed read(Topology topology, PathSpec spec, double[] capacityMbps, byte[] json) {
        Builder b = new Builder(topology);
        Map<String, String> fields = new HashMap<>();
        try (JsonParser p = JSON.createParser(json)) {
            expect(p.nextToken() == JsonToken.START_OBJECT, "expected a JSON object");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("commodities")) {
                    expect(value == JsonToken.START_ARRAY, "commodities must be an array");
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        b.commodity(p);
                    }
                } else if (value.isScalarValue()) {
                    fields.put(name, p.getText());
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("allocation JSON unreadable: " + e.getMessage(), e);
        }
        return new Parsed(fields, b.build(spec, capacityMbps));
    }

    private static void expect(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException("allocation JSON: " + message);
        }
    }

    /** Accumulates commodities and paths into the flat arrays {@link PathSet} wants. */
    private static final class Builder {
        private final Topology topology;
        private final IntArray src = new IntArray();
        private final IntArray dst = new IntArray();
        private final DoubleList demand = new DoubleList();
        private final IntArray pathStart = new IntArray();
        private final IntArray arcStart = new IntArray();
        private final IntArray arcs = new IntArray();
        private final DoubleList flows = new DoubleList();

        Builder(Topology topology) {
            this.topology = topology;
            pathStart.add(0);
            arcStart.add(0);
        }

        void commodity(JsonParser p) throws IOException {
            String s = null;
            String d = null;
            double dem = Double.NaN;
            int paths = 0;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "src" -> s = p.getText();
                    case "dst" -> d = p.getText();
                    case "demandMbps" -> dem = p.getDoubleValue();
                    case "paths" -> {
                        expect(value == JsonToken.START_ARRAY, "paths must be an array");
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            path(p);
                            paths++;
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            int k = src.size();
            src.add(node(s, k));
            dst.add(node(d, k));
            demand.add(dem);
            pathStart.add(pathStart.get(k) + paths);
        }

        private void path(JsonParser p) throws IOException {
            IntArray nodes = new IntArray();
            double flow = Double.NaN;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("nodes")) {
                    expect(value == JsonToken.START_ARRAY, "path nodes must be an array");
                    while (p.nextToken() == JsonToken.VALUE_STRING) {
                        nodes.add(node(p.getText(), src.size()));
                    }
                } else if (name.equals("flowMbps")) {
                    flow = p.getDoubleValue();
                } else {
                    p.skipChildren();
                }
            }
            // Messages are only formatted on failure: this runs for every path of every commodity.
            if (nodes.size() < 2) {
                expect(false, "commodity %d has a path with %d nodes".formatted(src.size(), nodes.size()));
            }
            for (int i = 0; i + 1 < nodes.size(); i++) {
                int arc = topology.arcIndex(nodes.get(i), nodes.get(i + 1));
                if (arc < 0) {
                    expect(false, "commodity %d: path uses arc %s->%s, which %s does not have".formatted(src.size(),
                            topology.nodes().get(nodes.get(i)).id(), topology.nodes().get(nodes.get(i + 1)).id(), topology.name()));
                }
                arcs.add(arc);
            }
            arcStart.add(arcs.size());
            flows.add(flow);
        }

        private int node(String id, int commodity) {
            if (id == null) {
                expect(false, "commodity %d: node id missing".formatted(commodity));
            }
            return topology.nodeById(id).orElseThrow(() -> new IllegalArgumentException(
                    "allocation JSON: commodity %d names node '%s', which %s does not have".formatted(commodity, id, topology.name()))).index();
        }

        Allocation build(PathSpec spec, double[] capacityMbps) {
            int[] s = src.toArray();
            int[] identity = new int[s.length];
            for (int i = 0; i < identity.length; i++) {
                identity[i] = i;
            }
            PathSet paths = new PathSet(topology.contentHash(), spec, topology.nodeCount(), s, dst.toArray(),
                    pathStart.toArray(), arcStart.toArray(), arcs.toArray());
            Commodities commodities = Commodities.of(s, dst.toArray(), demand.toArray(), identity);
            return new Allocation(new TeProblem(topology, paths, commodities, capacityMbps), flows.toArray());
        }
    }

    private static final class DoubleList {
        private double[] data = new double[16];
        private int size;

        void add(double v) {
            if (size == data.length) {
                data = java.util.Arrays.copyOf(data, size * 2);
            }
            data[size++] = v;
        }

        double[] toArray() {
            return java.util.Arrays.copyOf(data, size);
        }
    }
}
