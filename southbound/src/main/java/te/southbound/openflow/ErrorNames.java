package te.southbound.openflow;

/**
 * Names of {@code ofp_error_type} values and the codes operators meet most, so a logged switch
 * error reads "GROUP_MOD_FAILED/INVALID_GROUP" rather than "6/8".
 */
public final class ErrorNames {
    private static final String[] TYPES = {"HELLO_FAILED", "BAD_REQUEST", "BAD_ACTION",
        "BAD_INSTRUCTION", "BAD_MATCH", "FLOW_MOD_FAILED", "GROUP_MOD_FAILED", "PORT_MOD_FAILED",
        "TABLE_MOD_FAILED", "QUEUE_OP_FAILED", "SWITCH_CONFIG_FAILED", "ROLE_REQUEST_FAILED",
        "METER_MOD_FAILED", "TABLE_FEATURES_FAILED"};
    private static final String[] GROUP_MOD_CODES = {"GROUP_EXISTS", "INVALID_GROUP",
        "WEIGHT_UNSUPPORTED", "OUT_OF_GROUPS", "OUT_OF_BUCKETS", "CHAINING_UNSUPPORTED",
        "WATCH_UNSUPPORTED", "LOOP", "UNKNOWN_GROUP", "CHAINED_GROUP", "BAD_TYPE", "BAD_COMMAND",
        "BAD_BUCKET", "BAD_WATCH", "EPERM"};
    private static final String[] FLOW_MOD_CODES = {"UNKNOWN", "TABLE_FULL", "BAD_TABLE_ID",
        "OVERLAP", "EPERM", "BAD_TIMEOUT", "BAD_COMMAND", "BAD_FLAGS"};

    private ErrorNames() {
    }

    /** @return e.g. {@code "GROUP_MOD_FAILED/INVALID_GROUP (6/1)"} */
    public static String describe(int type, int code) {
        String t = type >= 0 && type < TYPES.length ? TYPES[type] : "TYPE_" + type;
        String[] codes = type == 6 ? GROUP_MOD_CODES : type == 5 ? FLOW_MOD_CODES : new String[0];
        String c = code >= 0 && code < codes.length ? codes[code] : "CODE_" + code;
        return "%s/%s (%d/%d)".formatted(t, c, type, code);
    }
}
