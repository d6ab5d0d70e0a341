package te.bench;

import java.io.IOException;
import java.io.Writer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import te.controller.AllocationJson;
import te.lp.Allocation;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;

/**
 * Allocation → JSON, as the daemon persists and serves it after every solve (Kdl: 286 MB): the
 * parallel rendering into one exact-size array, and the single-threaded streamed one
 * {@code te solve -o} writes, without the bytes being kept. Run with {@code -p solver=highs-warm}
 * (the set-up solves the instance once per solver).
 */
// G1, the daemon's collector: with the suite's ParallelGC, the 286 MB arrays made full collections
// and ±0.6–1.1 s of noise per rendering.
@Fork(value = 1, jvmArgsAppend = {"-Xmx16g"})
public class AllocationJsonBenchmark extends SolvingBenchmark {
    Allocation allocation;

    @Override
    protected void prepare() {
        allocation = new TeOptimizer(backend, new SolverOptions(600, 1, false)).solve(problem, goal).allocation().orElseThrow();
    }

    /** @return bytes rendered */
    @Benchmark
    public int parallelBytes() throws IOException {
        return AllocationJson.toBytes(allocation, goal.cliName(), allocation.objectiveValue(goal), AllocationJson.Fields.NONE,
                k -> true).length;
    }

    /** @return characters streamed (to a writer that only counts them) */
    @Benchmark
    public long streamed() throws IOException {
        Counting out = new Counting();
        AllocationJson.write(allocation, goal.cliName(), allocation.objectiveValue(goal), out);
        return out.chars;
    }

    private static final class Counting extends Writer {
        long chars;

        @Override
        public void write(char[] buffer, int offset, int length) {
            chars += length;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
