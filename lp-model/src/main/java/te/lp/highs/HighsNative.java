package te.lp.highs;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * JNA direct mapping of the part of HiGHS 1.12's C API ({@code highs_c_api.h}) this backend uses.
 * Direct mapping passes primitive arrays without per-call reflection, so an LP with millions of
 * columns crosses into native code in one {@code Highs_passLp} call. HighsInt is 32-bit in the
 * library OR-Tools ships; {@link #bind} verifies that.
 */
final class HighsNative {
    static final int STATUS_ERROR = -1;
    static final int SENSE_MINIMIZE = 1;
    static final int MATRIX_COLWISE = 1;
    static final int BASIS_LOWER = 0;
    static final int BASIS_BASIC = 1;
    static final int BASIS_UPPER = 2;
    static final int MODEL_STATUS_OPTIMAL = 7;
    static final int MODEL_STATUS_INFEASIBLE = 8;
    static final int MODEL_STATUS_UNBOUNDED_OR_INFEASIBLE = 9;
    static final int MODEL_STATUS_UNBOUNDED = 10;
    static final int MODEL_STATUS_TIME_LIMIT = 13;
    static final int MODEL_STATUS_ITERATION_LIMIT = 14;
    /** A callback asked HiGHS to stop ({@code kHighsModelStatusInterrupt}). */
    static final int MODEL_STATUS_INTERRUPT = 17;
    /** {@code kHighsCallbackIpmInterrupt}: asked at every interior-point iteration and through crossover. */
    static final int CALLBACK_IPM_INTERRUPT = 2;

    /**
     * HiGHS's {@code HighsCCallbackType}: (callback type, message, {@code HighsCallbackDataOut*},
     * {@code HighsCallbackDataIn*}, user data). Setting the int at offset 0 of the data in
     * ({@code user_interrupt}) to 1 asks HiGHS to stop.
     */
    interface Callback extends com.sun.jna.Callback {
        void invoke(int type, Pointer message, Pointer dataOut, Pointer dataIn, Pointer userData);
    }

    private HighsNative() {
    }

    static native Pointer Highs_create();

    static native void Highs_destroy(Pointer highs);

    static native String Highs_version();

    static native int Highs_getSizeofHighsInt(Pointer highs);

    static native int Highs_passLp(Pointer highs, int numCol, int numRow, int numNz, int aFormat, int sense, double offset,
                                   double[] colCost, double[] colLower, double[] colUpper, double[] rowLower, double[] rowUpper,
                                   int[] aStart, int[] aIndex, double[] aValue);

    static native int Highs_setBoolOptionValue(Pointer highs, String option, int value);

    static native int Highs_setIntOptionValue(Pointer highs, String option, int value);

    static native int Highs_setDoubleOptionValue(Pointer highs, String option, double value);

    static native int Highs_setStringOptionValue(Pointer highs, String option, String value);

    static native int Highs_setBasis(Pointer highs, int[] colStatus, int[] rowStatus);

    static native int Highs_getBasis(Pointer highs, int[] colStatus, int[] rowStatus);

    static native int Highs_run(Pointer highs);

    static native int Highs_setCallback(Pointer highs, Callback callback, Pointer userData);

    static native int Highs_startCallback(Pointer highs, int callbackType);

    static native int Highs_clearSolver(Pointer highs);

    static native int Highs_getModelStatus(Pointer highs);

    static native double Highs_getObjectiveValue(Pointer highs);

    /** @param value receives the info's value in its one element (a HighsInt: 32-bit, see the class comment) */
    static native int Highs_getIntInfoValue(Pointer highs, String info, int[] value);

    static native int Highs_getSolution(Pointer highs, double[] colValue, double[] colDual, double[] rowValue, double[] rowDual);

    /** Binds the methods above to the library file; checks HighsInt is 4 bytes. */
    static void bind(String absolutePath) {
        Native.register(HighsNative.class, NativeLibrary.getInstance(absolutePath));
        Pointer h = Highs_create();
        try {
            int size = Highs_getSizeofHighsInt(h);
            if (size != 4) {
                throw new IllegalStateException("%s uses %d-byte HighsInt; this binding needs 4".formatted(absolutePath, size));
            }
        } finally {
            Highs_destroy(h);
        }
    }
}
