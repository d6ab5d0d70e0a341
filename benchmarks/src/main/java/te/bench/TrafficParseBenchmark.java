package te.bench;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixIo;
import te.topology.traffic.TrafficSpec;

/** Parsing and validating an all-pairs demand upload (Kdl: 567,762 entries) as JSON and CSV. */
public class TrafficParseBenchmark extends BenchmarkBase {
    @Param({"Kdl"})
    String topology;

    private Topology t;
    private byte[] json;
    private byte[] csv;

    @Setup(Level.Trial)
    public void load() throws Exception {
        t = Instances.topology(topology);
        TrafficMatrix tm = TrafficSpec.parse("gravity:1,16").generate(t);
        StringWriter j = new StringWriter();
        TrafficMatrixIo.writeJson(t, tm, j);
        json = j.toString().getBytes(StandardCharsets.UTF_8);
        StringWriter c = new StringWriter();
        TrafficMatrixIo.writeCsv(t, tm, c);
        csv = c.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public TrafficMatrix parseJson() {
        return TrafficMatrixIo.read(t, "bench.json", json);
    }

    @Benchmark
    public TrafficMatrix parseCsv() {
        return TrafficMatrixIo.read(t, "bench.csv", csv);
    }
}
