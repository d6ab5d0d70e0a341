package te.lp;

/**
 * A backend that solves with another, claiming what it claims, and shows each solve to an
 * observer: for tests that count a solver's calls or look at what each was given.
 *
 * @param name     the name it reports
 * @param inner    the backend that solves
 * @param observer sees each solve once it is done
 */
record ObservedSolver(String name, TeSolver inner, Observer observer) implements TeSolver {
    /** Sees one solve. */
    interface Observer {
        /**
         * @param start   the starting basis it was given, null for none
         * @param options its options (time limit in seconds)
         * @param result  what it returned
         */
        void solved(StartingBasis start, SolverOptions options, SolveResult result);
    }

    @Override
    public SolveResult solve(LpModel model, SolverOptions options) {
        SolveResult r = inner.solve(model, options);
        observer.solved(null, options, r);
        return r;
    }

    @Override
    public SolveResult solve(LpModel model, StartingBasis start, SolverOptions options) {
        SolveResult r = inner.solve(model, start, options);
        observer.solved(start, options, r);
        return r;
    }

    @Override
    public boolean startsFromBasis() {
        return inner.startsFromBasis();
    }

    @Override
    public boolean reportsDuals() {
        return inner.reportsDuals();
    }

    @Override
    public boolean firstOrder() {
        return inner.firstOrder();
    }
}
