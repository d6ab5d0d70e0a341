package te.lp;

/**
 * The moment by which a solve made of several steps must end, from its time limit: each step gets
 * what is left instead of a fresh limit.
 *
 * @param nanos the moment, on the {@link System#nanoTime} clock
 */
public record Deadline(long nanos) {
    /**
     * @param startNanos   when the solve started ({@link System#nanoTime})
     * @param limitSeconds its time limit in seconds; infinite for none (kept far enough off not to overflow)
     */
    public static Deadline after(long startNanos, double limitSeconds) {
        return new Deadline(startNanos + (long) Math.min(Long.MAX_VALUE / 4.0, limitSeconds * 1e9));
    }

    /** @return seconds from now to the deadline, zero or negative once it has passed */
    public double secondsLeft() {
        return (nanos - System.nanoTime()) / 1e9;
    }
}
