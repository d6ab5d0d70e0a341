package te.southbound.openflow;

/**
 * Wire constants of OpenFlow 1.3.5 ({@code openflow.h} names, values from the specification).
 * Kept in one place so the reader and writer cannot disagree.
 */
public final class OfConstants {
    /** Wire version byte of OpenFlow 1.3. */
    public static final int VERSION = 0x04;
    /** Length of {@code ofp_header} in bytes. */
    public static final int HEADER_LENGTH = 8;
    /** Largest frame: the 16-bit length field's maximum. */
    public static final int MAX_FRAME_LENGTH = 0xffff;

    // ofp_type
    public static final int HELLO = 0, ERROR = 1, ECHO_REQUEST = 2, ECHO_REPLY = 3,
            FEATURES_REQUEST = 5, FEATURES_REPLY = 6, PORT_STATUS = 12, FLOW_MOD = 14, GROUP_MOD = 15,
            MULTIPART_REQUEST = 18, MULTIPART_REPLY = 19, BARRIER_REQUEST = 20, BARRIER_REPLY = 21, EXPERIMENTER = 4,
            ROLE_REQUEST = 24, ROLE_REPLY = 25;
    /** The last ofp_type OpenFlow 1.3 defines (OFPT_METER_MOD). */
    public static final int LAST_TYPE = 29;

    // ONF extension EXT-230 (bundles in OpenFlow 1.3, as OpenFlow 1.4 has them): experimenter id and types
    public static final int ONF_EXPERIMENTER_ID = 0x4f4e4600, ONFT_BUNDLE_CONTROL = 2300, ONFT_BUNDLE_ADD_MESSAGE = 2301;
    // bundle control types and flags
    public static final int BUNDLE_OPEN_REQUEST = 0, BUNDLE_OPEN_REPLY = 1, BUNDLE_CLOSE_REQUEST = 2, BUNDLE_CLOSE_REPLY = 3,
            BUNDLE_COMMIT_REQUEST = 4, BUNDLE_COMMIT_REPLY = 5, BUNDLE_DISCARD_REQUEST = 6, BUNDLE_DISCARD_REPLY = 7;
    public static final int BUNDLE_ATOMIC = 1, BUNDLE_ORDERED = 2;

    // errors the controller acts on: BAD_REQUEST/IS_SLAVE, ROLE_REQUEST_FAILED/STALE
    public static final int ERR_BAD_REQUEST = 1, BAD_REQUEST_IS_SLAVE = 10, ERR_ROLE_REQUEST_FAILED = 11, ROLE_STALE = 0;

    // ofp_multipart_type and flags
    public static final int MP_FLOW = 1, MP_PORT_STATS = 4, MP_GROUP = 6, MP_GROUP_DESC = 7, MP_GROUP_FEATURES = 8,
            MP_PORT_DESC = 13, MP_REPLY_MORE = 1;
    /** ofp_group_capabilities: the switch honours a SELECT bucket's watch port (skips a bucket whose port is down). */
    public static final int OFPGFC_SELECT_LIVENESS = 1 << 1;

    // hello element
    public static final int HELLO_ELEM_VERSIONBITMAP = 1;

    // ofp_action_type
    public static final int ACT_OUTPUT = 0, ACT_PUSH_VLAN = 17, ACT_POP_VLAN = 18, ACT_PUSH_MPLS = 19,
            ACT_POP_MPLS = 20, ACT_GROUP = 22, ACT_SET_FIELD = 25;

    // ofp_instruction_type
    public static final int INSTR_GOTO_TABLE = 1, INSTR_APPLY_ACTIONS = 4;

    // OXM
    public static final int OXM_CLASS_OPENFLOW_BASIC = 0x8000;
    public static final int OXM_IN_PORT = 0, OXM_ETH_TYPE = 5, OXM_VLAN_VID = 6, OXM_IPV4_DST = 12,
            OXM_IPV6_DST = 27, OXM_MPLS_LABEL = 34;
    public static final int OFPVID_PRESENT = 0x1000;
    public static final int MATCH_TYPE_OXM = 1;

    // reserved numbers
    public static final int OFPP_ANY = 0xffffffff, OFPP_MAX = 0xffffff00;
    public static final int OFPG_ANY = 0xffffffff, OFPG_MAX = 0xffffff00, OFPG_ALL = 0xfffffffc;
    public static final int OFPTT_ALL = 0xff;
    public static final int OFP_NO_BUFFER = 0xffffffff;
    /** Output action max_len: no truncation (only matters for output to the controller). */
    public static final int OFPCML_NO_BUFFER = 0xffff;

    // ofp_error_type values used by the controller itself
    public static final int ERR_HELLO_FAILED = 0, ERR_HELLO_INCOMPATIBLE = 0;
    // GROUP_MOD_FAILED codes a switch that does not watch ports in SELECT groups sends
    public static final int ERR_GROUP_MOD_FAILED = 6, GROUP_MOD_WATCH_UNSUPPORTED = 6, GROUP_MOD_BAD_WATCH = 13;

    private OfConstants() {
    }
}
