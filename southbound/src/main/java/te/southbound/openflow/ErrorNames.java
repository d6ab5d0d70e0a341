package te.southbound.openflow;

/**
 * Names of every {@code ofp_error_type} of OpenFlow 1.3.5 and of each type's codes, so a logged
 * switch error reads "BAD_ACTION/BAD_OUT_PORT" rather than "2/4" (an OVS bridge refusing an
 * output to a port it cannot have answers with just that).
 */
public final class ErrorNames {
    /** {@code OFPET_EXPERIMENTER}: its code is the experimenter's own type, named by no table here. */
    static final int EXPERIMENTER = 0xffff;
    private static final String[] TYPES = {"HELLO_FAILED", "BAD_REQUEST", "BAD_ACTION",
        "BAD_INSTRUCTION", "BAD_MATCH", "FLOW_MOD_FAILED", "GROUP_MOD_FAILED", "PORT_MOD_FAILED",
        "TABLE_MOD_FAILED", "QUEUE_OP_FAILED", "SWITCH_CONFIG_FAILED", "ROLE_REQUEST_FAILED",
        "METER_MOD_FAILED", "TABLE_FEATURES_FAILED"};
    /** Codes of each type, by type (OpenFlow 1.3.5, §A.4.4). */
    private static final String[][] CODES = {
        {"INCOMPATIBLE", "EPERM"},
        {"BAD_VERSION", "BAD_TYPE", "BAD_MULTIPART", "BAD_EXPERIMENTER", "BAD_EXP_TYPE", "EPERM", "BAD_LEN",
            "BUFFER_EMPTY", "BUFFER_UNKNOWN", "BAD_TABLE_ID", "IS_SLAVE", "BAD_PORT", "BAD_PACKET",
            "MULTIPART_BUFFER_OVERFLOW"},
        {"BAD_TYPE", "BAD_LEN", "BAD_EXPERIMENTER", "BAD_EXP_TYPE", "BAD_OUT_PORT", "BAD_ARGUMENT", "EPERM",
            "TOO_MANY", "BAD_QUEUE", "BAD_OUT_GROUP", "MATCH_INCONSISTENT", "UNSUPPORTED_ORDER", "BAD_TAG",
            "BAD_SET_TYPE", "BAD_SET_LEN", "BAD_SET_ARGUMENT"},
        {"UNKNOWN_INST", "UNSUP_INST", "BAD_TABLE_ID", "UNSUP_METADATA", "UNSUP_METADATA_MASK",
            "BAD_EXPERIMENTER", "BAD_EXP_TYPE", "BAD_LEN", "EPERM"},
        {"BAD_TYPE", "BAD_LEN", "BAD_TAG", "BAD_DL_ADDR_MASK", "BAD_NW_ADDR_MASK", "BAD_WILDCARDS", "BAD_FIELD",
            "BAD_VALUE", "BAD_MASK", "BAD_PREREQ", "DUP_FIELD", "EPERM"},
        {"UNKNOWN", "TABLE_FULL", "BAD_TABLE_ID", "OVERLAP", "EPERM", "BAD_TIMEOUT", "BAD_COMMAND", "BAD_FLAGS"},
        {"GROUP_EXISTS", "INVALID_GROUP", "WEIGHT_UNSUPPORTED", "OUT_OF_GROUPS", "OUT_OF_BUCKETS",
            "CHAINING_UNSUPPORTED", "WATCH_UNSUPPORTED", "LOOP", "UNKNOWN_GROUP", "CHAINED_GROUP", "BAD_TYPE",
            "BAD_COMMAND", "BAD_BUCKET", "BAD_WATCH", "EPERM"},
        {"BAD_PORT", "BAD_HW_ADDR", "BAD_CONFIG", "BAD_ADVERTISE", "EPERM"},
        {"BAD_TABLE", "BAD_CONFIG", "EPERM"},
        {"BAD_PORT", "BAD_QUEUE", "EPERM"},
        {"BAD_FLAGS", "BAD_LEN", "EPERM"},
        {"STALE", "UNSUP", "BAD_ROLE"},
        {"UNKNOWN", "METER_EXISTS", "INVALID_METER", "UNKNOWN_METER", "BAD_COMMAND", "BAD_FLAGS", "BAD_RATE",
            "BAD_BURST", "BAD_BAND", "BAD_BAND_VALUE", "OUT_OF_METERS", "OUT_OF_BANDS"},
        {"BAD_TABLE", "BAD_METADATA", "BAD_TYPE", "BAD_LEN", "BAD_ARGUMENT", "EPERM"}};

    private ErrorNames() {
    }

    /**
     * @return e.g. {@code "GROUP_MOD_FAILED/INVALID_GROUP (6/1)"}; a type or code no table names
     *         reads {@code TYPE_n} or {@code CODE_n}, an experimenter's error {@code EXPERIMENTER/EXP_TYPE_n}
     */
    public static String describe(int type, int code) {
        if (type == EXPERIMENTER) {
            return "EXPERIMENTER/EXP_TYPE_%d (%d/%d)".formatted(code, type, code);
        }
        boolean known = type >= 0 && type < TYPES.length;
        String t = known ? TYPES[type] : "TYPE_" + type;
        String[] codes = known ? CODES[type] : new String[0];
        String c = code >= 0 && code < codes.length ? codes[code] : "CODE_" + code;
        return "%s/%s (%d/%d)".formatted(t, c, type, code);
    }
}
