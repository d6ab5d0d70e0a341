package te.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import te.controller.southbound.ConventionalWiring;
import te.controller.southbound.DesiredStates;
import te.lp.Allocation;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.FirstPush;
import te.southbound.Ownership;
import te.southbound.openflow.OfEncoder;
import te.southbound.openflow.OfMessage;

/**
 * Allocation → switch state → OpenFlow 1.3 bytes: the allocation (solved once in the set-up)
 * turned into desired state, compiled into the first push's flow and group mods, and those encoded.
 */
public class OpenFlowBenchmark extends SolvingBenchmark {
    private static final int WEIGHT_TOTAL = 100;

    Allocation allocation;
    DesiredState desired;
    Map<Dpid, List<OfMessage>> messages;
    DesiredStates primed;

    @Override
    protected void prepare() {
        allocation = new TeOptimizer(backend, new SolverOptions(600, 1, false)).solve(problem, goal).allocation().orElseThrow();
        desired = DesiredStates.of(allocation, new ConventionalWiring(problem.topology()));
        messages = FirstPush.messages(desired, Ownership.DEFAULT, WEIGHT_TOTAL);
        primed = new DesiredStates(new ConventionalWiring(problem.topology()));
        primed.stateOf(allocation);
    }

    @Benchmark
    public DesiredState desiredState() {
        return DesiredStates.of(allocation, new ConventionalWiring(problem.topology()));
    }

    /** The same, by an adapter that made the state before (as the daemon's does for every allocation). */
    @Benchmark
    public DesiredState desiredStateAgain() {
        return primed.stateOf(allocation);
    }

    @Benchmark
    public Map<Dpid, List<OfMessage>> compileFirstPush() {
        return FirstPush.messages(desired, Ownership.DEFAULT, WEIGHT_TOTAL);
    }

    /** @return bytes of every message of the first push */
    @Benchmark
    public int encode() {
        ByteBuf out = Unpooled.buffer(1 << 20);
        int bytes = 0;
        for (List<OfMessage> perSwitch : messages.values()) {
            for (OfMessage m : perSwitch) {
                OfEncoder.encodeTo(m, out);
                bytes += out.readableBytes();
                out.clear();
            }
        }
        out.release();
        return bytes;
    }
}
