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

    private static final String[] BAD_REQUEST_CODES = {"BAD_VERSION", "BAD_TYPE", "BAD_MULTIPART",
        "BAD_EXPERIMENTER", "BAD_EXP_TYPE", "EPERM", "BAD_LEN", "BUFFER_EMPTY", "BUFFER_UNKNOWN",
        "BAD_TABLE_ID", "IS_SLAVE", "BAD_PORT", "BAD_PACKET", "MULTIPART_BUFFER_OVERFLOW"};
    private static final String[] ROLE_REQUEST_CODES = {"STALE", "UNSUP", "BAD_ROLE"};

    private ErrorNames() {
    }

    /** @return e.g. {@code "GROUP_MOD_FAILED/INVALID_GROUP (6/1)"} */
    public static String describe(int type, int code) {
        String t = type >= 0 && type < TYPES.length ? TYPES[type] : "TYPE_" + type;
        String[] codes = switch (type) {
            case 1 -> BAD_REQUEST_CODES;
            case 5 -> FLOW_MOD_CODES;
            case 6 -> GROUP_MOD_CODES;
            case 11 -> ROLE_REQUEST_CODES;
            default -> new String[0];
        };
        String c = code >= 0 && code < codes.length ? codes[code] : "CODE_" + code;
        return "%s/%s (%d/%d)".formatted(t, c, type, code);
    }
}
