package te.lp;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.IntPredicate;

/**
 * A backend that answers as another until a scripted solve, where its time runs out: for tests of
 * what a solve does when the time limit ends it early, which a real backend does only on a large
 * LP or a busy machine. A scripted solve either reports TIME_LIMIT at once with no solution, or
 * takes every second it was given and then answers (a solve that ends at its limit, leaving
 * nothing for the next). Each solve can also be slowed by a delay within its limit (where the limit
 * is shorter it runs out of time there), and the duals can be dropped while still claimed. It
 * claims what the other claims (duals: unless told otherwise), counts its solves and adds up their
 * seconds; safe from several threads.
 */
public final class ScriptedTimeLimit implements TeSolver {
    /** What a scripted solve does. */
    private enum Ending {
        /** TIME_LIMIT at once, no solution. */
        OUT_OF_TIME,
        /** Takes its whole limit, then answers as the other backend. */
        AT_ITS_LIMIT
    }

    private final TeSolver inner;
    private final IntPredicate scripted;
    private final Ending ending;
    private final double delaySeconds;
    private final boolean passesDuals;
    private final boolean claimsDuals;
    private final AtomicInteger calls = new AtomicInteger();
    private final DoubleAdder seconds = new DoubleAdder();

    private ScriptedTimeLimit(TeSolver inner, IntPredicate scripted, Ending ending, double delaySeconds, boolean passesDuals,
                              boolean claimsDuals) {
        this.inner = inner;
        this.scripted = scripted;
        this.ending = ending;
        this.delaySeconds = delaySeconds;
        this.passesDuals = passesDuals;
        this.claimsDuals = claimsDuals;
    }

    /** @return a backend answering as {@code inner}, whose solve {@code n} (from 1) and every later one report TIME_LIMIT */
    public static ScriptedTimeLimit from(TeSolver inner, int n) {
        return new ScriptedTimeLimit(inner, solve -> solve >= n, Ending.OUT_OF_TIME, 0, true, inner.reportsDuals());
    }

    /** @return a backend answering as {@code inner}, whose solve {@code n} (from 1) alone reports TIME_LIMIT */
    public static ScriptedTimeLimit on(TeSolver inner, int n) {
        return new ScriptedTimeLimit(inner, solve -> solve == n, Ending.OUT_OF_TIME, 0, true, inner.reportsDuals());
    }

    /**
     * @return a backend answering as {@code inner}, whose solve {@code n} (from 1) answers only once
     *         the whole limit it was given has passed
     */
    public static ScriptedTimeLimit atItsLimitOn(TeSolver inner, int n) {
        return new ScriptedTimeLimit(inner, solve -> solve == n, Ending.AT_ITS_LIMIT, 0, true, inner.reportsDuals());
    }

    /** @return a backend answering as {@code inner}, no solve scripted (for {@link #slowedBy} and {@link #withoutDuals}) */
    public static ScriptedTimeLimit never(TeSolver inner) {
        return new ScriptedTimeLimit(inner, solve -> false, Ending.OUT_OF_TIME, 0, true, inner.reportsDuals());
    }

    /**
     * @return this script with every solve that is not scripted first waiting {@code delay} seconds
     *         within its limit: where the limit is shorter, it waits that and reports TIME_LIMIT
     */
    public ScriptedTimeLimit slowedBy(double delay) {
        return new ScriptedTimeLimit(inner, scripted, ending, delay, passesDuals, claimsDuals);
    }

    /** @return this script with every answer's row duals (and basis) dropped, though it still claims them */
    public ScriptedTimeLimit withoutDuals() {
        return new ScriptedTimeLimit(inner, scripted, ending, delaySeconds, false, claimsDuals);
    }

    /** @return this script claiming no duals ({@link TeSolver#reportsDuals}), whatever the other backend claims */
    public ScriptedTimeLimit claimingNoDuals() {
        return new ScriptedTimeLimit(inner, scripted, ending, delaySeconds, passesDuals, false);
    }

    @Override
    public String name() {
        return "scripted-" + inner.name();
    }

    @Override
    public SolveResult solve(LpModel model, SolverOptions options) {
        return solve(model, null, options);
    }

    @Override
    public SolveResult solve(LpModel model, StartingBasis start, SolverOptions options) {
        int solve = calls.incrementAndGet();
        if (scripted.test(solve) && ending == Ending.OUT_OF_TIME) {
            return SolveResult.failed(SolveStatus.TIME_LIMIT, 0, "scripted time limit on solve " + solve);
        }
        if (scripted.test(solve) && Double.isInfinite(options.timeLimitSeconds())) {
            throw new IllegalStateException("solve %d is to use up its limit, but it has none".formatted(solve));
        }
        double wait = scripted.test(solve) ? options.timeLimitSeconds() : Math.min(delaySeconds, options.timeLimitSeconds());
        waitFor(wait);
        if (!scripted.test(solve) && wait < delaySeconds) {
            seconds.add(wait);
            return SolveResult.failed(SolveStatus.TIME_LIMIT, wait, "scripted delay beyond the time limit");
        }
        SolveResult r = start == null ? inner.solve(model, options) : inner.solve(model, start, options);
        double took = r.solveSeconds() + wait;
        seconds.add(took);
        return passesDuals ? new SolveResult(r.status(), r.objective(), r.x(), r.rowDual(), took, r.message(), r.basis(), r.iterations())
                : new SolveResult(r.status(), r.objective(), r.x(), new double[0], took, r.message());
    }

    /** Waits until {@code seconds} have passed by {@link System#nanoTime}: a sleep alone may end a little early. */
    private static void waitFor(double seconds) {
        long until = System.nanoTime() + (long) Math.ceil(seconds * 1e9);
        for (long left = until - System.nanoTime(); left > 0; left = until - System.nanoTime()) {
            try {
                TimeUnit.NANOSECONDS.sleep(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public boolean reportsDuals() {
        return claimsDuals;
    }

    @Override
    public boolean startsFromBasis() {
        return inner.startsFromBasis();
    }

    @Override
    public boolean firstOrder() {
        return inner.firstOrder();
    }

    /** @return how many solves it was asked for */
    public int calls() {
        return calls.get();
    }

    /** @return the seconds its solves reported, delays included */
    public double seconds() {
        return seconds.sum();
    }
}
