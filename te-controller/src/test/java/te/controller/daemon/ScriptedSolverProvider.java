package te.controller.daemon;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import te.lp.LpModel;
import te.lp.SolveResult;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.SolverProvider;
import te.lp.TeSolver;

/**
 * Test backend {@code scripted}: HiGHS, unless a test sets {@link #FAILURE}, in which case every
 * solve ends with that status and no solution (as a real time limit or solver error would), or
 * {@link #GATE}, which holds solves until the test lets them go (events during a solve, without
 * depending on timing), or {@link #timeLimitOnCall}, which makes one solve end with the time limit.
 */
public final class ScriptedSolverProvider implements SolverProvider {
    /** When set, the status every solve fails with. */
    public static final AtomicReference<SolveStatus> FAILURE = new AtomicReference<>();
    /** When set, a solve counts down {@link Gate#entered} and then waits for {@link Gate#release} before solving. */
    public static final AtomicReference<Gate> GATE = new AtomicReference<>();

    /** When positive, the solve (counted from 1 since it was set) that ends with TIME_LIMIT and no solution. */
    private static final AtomicInteger LIMITED_CALL = new AtomicInteger();
    private static final AtomicInteger CALLS = new AtomicInteger();

    /** Makes the {@code call}-th solve from now end with the time limit (0: none). */
    public static void timeLimitOnCall(int call) {
        CALLS.set(0);
        LIMITED_CALL.set(call);
    }

    /** Holds solves at a point the test controls. */
    public record Gate(CountDownLatch entered, CountDownLatch release) {
        /** @return a closed gate */
        public static Gate closed() {
            return new Gate(new CountDownLatch(1), new CountDownLatch(1));
        }
    }

    @Override
    public String name() {
        return "scripted";
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.empty();
    }

    @Override
    public TeSolver create() {
        TeSolver highs = Solvers.byName("highs");
        return new TeSolver() {
            @Override
            public String name() {
                return "scripted";
            }

            @Override
            public SolveResult solve(LpModel model, SolverOptions options) {
                Gate gate = GATE.get();
                if (gate != null) {
                    gate.entered().countDown();
                    try {
                        gate.release().await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                int limited = LIMITED_CALL.get();
                if (limited > 0 && CALLS.incrementAndGet() == limited) {
                    return SolveResult.failed(SolveStatus.TIME_LIMIT, 0, "scripted time limit on solve " + limited);
                }
                SolveStatus failure = FAILURE.get();
                return failure == null ? highs.solve(model, options) : SolveResult.failed(failure, 0, "scripted " + failure);
            }
        };
    }
}
