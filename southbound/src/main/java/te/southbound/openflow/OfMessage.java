package te.southbound.openflow;

import java.util.List;
import java.util.Objects;

/**
 * The OpenFlow 1.3 messages this controller sends or interprets. Every message carries the
 * transaction id ({@code xid}) of its {@code ofp_header}; replies carry the request's xid.
 * {@link #withXid} lets the connection stamp its own xids on messages built without one.
 */
public sealed interface OfMessage {
    /** @return the transaction id */
    int xid();

    /** An OFPT_MULTIPART_REQUEST of one of the kinds below. */
    sealed interface MultipartRequest extends OfMessage {
    }

    /** One part of an OFPT_MULTIPART_REPLY; {@link #more} says further parts follow. */
    sealed interface MultipartReply extends OfMessage {
        /** @return whether further parts of this reply follow */
        boolean more();
    }

    /** @return this message with another transaction id */
    OfMessage withXid(int xid);

    /**
     * OFPT_HELLO. {@code versionBitmap} has bit {@code v} set for each wire version the sender
     * speaks (OFPHET_VERSIONBITMAP); a hello without that element yields only the header version.
     * {@code headerVersion} is the version byte of the frame (the sender's highest version).
     */
    record Hello(int xid, int headerVersion, long versionBitmap) implements OfMessage {
        /** Our hello: OpenFlow 1.3 only. */
        public static Hello ofp13(int xid) {
            return new Hello(xid, OfConstants.VERSION, 1L << OfConstants.VERSION);
        }
        public Hello withXid(int x) { return new Hello(x, headerVersion, versionBitmap); }
    }

    /** OFPT_ERROR: {@code type}/{@code code} per §7.4.4; {@code data} starts with the failed request. */
    record Error(int xid, int type, int code, Octets data) implements OfMessage {
        public Error withXid(int x) { return new Error(x, type, code, data); }
        @Override public String toString() {
            return "Error[xid=%d, %s, data=%s]".formatted(xid, ErrorNames.describe(type, code), data);
        }
    }

    /** OFPT_ECHO_REQUEST with arbitrary payload (we send a timestamp). */
    record EchoRequest(int xid, Octets data) implements OfMessage {
        public EchoRequest withXid(int x) { return new EchoRequest(x, data); }
    }

    /** OFPT_ECHO_REPLY, which must return the request's payload unchanged. */
    record EchoReply(int xid, Octets data) implements OfMessage {
        public EchoReply withXid(int x) { return new EchoReply(x, data); }
    }

    /** OFPT_FEATURES_REQUEST (header only). */
    record FeaturesRequest(int xid) implements OfMessage {
        public FeaturesRequest withXid(int x) { return new FeaturesRequest(x); }
    }

    /** OFPT_FEATURES_REPLY: the 64-bit datapath id and table/buffer counts. */
    record FeaturesReply(int xid, long datapathId, int nBuffers, int nTables, int auxiliaryId,
                         int capabilities) implements OfMessage {
        public FeaturesReply withXid(int x) {
            return new FeaturesReply(x, datapathId, nBuffers, nTables, auxiliaryId, capabilities);
        }
    }

    /** OFPT_BARRIER_REQUEST: the switch answers once every earlier message is processed. */
    record BarrierRequest(int xid) implements OfMessage {
        public BarrierRequest withXid(int x) { return new BarrierRequest(x); }
    }

    /** OFPT_BARRIER_REPLY. */
    record BarrierReply(int xid) implements OfMessage {
        public BarrierReply withXid(int x) { return new BarrierReply(x); }
    }

    /** OFPT_GROUP_MOD (§7.3.4.2): add, modify or delete one group. */
    record GroupMod(int xid, GroupCommand command, GroupType type, int groupId, List<Bucket> buckets)
            implements OfMessage {
        public GroupMod {
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(type, "type");
            buckets = List.copyOf(buckets);
        }
        public GroupMod withXid(int x) { return new GroupMod(x, command, type, groupId, buckets); }
    }

    /**
     * OFPT_FLOW_MOD (§7.3.4.1). Timeouts in seconds (0 = permanent); {@code cookieMask} only
     * filters modify/delete commands.
     */
    record FlowMod(int xid, long cookie, long cookieMask, int tableId, FlowCommand command,
                   int idleTimeoutS, int hardTimeoutS, int priority, int bufferId, int outPort,
                   int outGroup, int flags, Match match, List<Instruction> instructions)
            implements OfMessage {
        public FlowMod {
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(match, "match");
            instructions = List.copyOf(instructions);
        }
        public FlowMod withXid(int x) {
            return new FlowMod(x, cookie, cookieMask, tableId, command, idleTimeoutS, hardTimeoutS,
                    priority, bufferId, outPort, outGroup, flags, match, instructions);
        }
    }

    /** OFPMP_GROUP_DESC request: every group's type and buckets. */
    record GroupDescRequest(int xid) implements MultipartRequest {
        public GroupDescRequest withXid(int x) { return new GroupDescRequest(x); }
    }

    /** One part of an OFPMP_GROUP_DESC reply; {@code more} says further parts follow. */
    record GroupDescReply(int xid, boolean more, List<GroupDesc> groups) implements MultipartReply {
        public GroupDescReply {
            groups = List.copyOf(groups);
        }
        public GroupDescReply withXid(int x) { return new GroupDescReply(x, more, groups); }
    }

    /** OFPMP_FLOW request: flows in {@code tableId} (0xff = all) whose cookie matches under the mask. */
    record FlowStatsRequest(int xid, int tableId, int outPort, int outGroup, long cookie,
                            long cookieMask, Match match) implements MultipartRequest {
        public FlowStatsRequest withXid(int x) {
            return new FlowStatsRequest(x, tableId, outPort, outGroup, cookie, cookieMask, match);
        }
    }

    /** One part of an OFPMP_FLOW reply. */
    record FlowStatsReply(int xid, boolean more, List<FlowStats> flows) implements MultipartReply {
        public FlowStatsReply {
            flows = List.copyOf(flows);
        }
        public FlowStatsReply withXid(int x) { return new FlowStatsReply(x, more, flows); }
    }

    /** OFPMP_GROUP request: counters of one group, or of all with {@code OFPG_ALL}. */
    record GroupStatsRequest(int xid, int groupId) implements MultipartRequest {
        public GroupStatsRequest withXid(int x) { return new GroupStatsRequest(x, groupId); }
    }

    /** One part of an OFPMP_GROUP reply. */
    record GroupStatsReply(int xid, boolean more, List<GroupStats> groups) implements MultipartReply {
        public GroupStatsReply {
            groups = List.copyOf(groups);
        }
        public GroupStatsReply withXid(int x) { return new GroupStatsReply(x, more, groups); }
    }

    /**
     * OFPT_ROLE_REQUEST (§7.3.9): asks for a role. {@code generationId} orders MASTER and SLAVE
     * requests of successive elections: the switch refuses one older than the newest it has seen
     * (ROLE_REQUEST_FAILED/STALE), by signed 64-bit distance; it is ignored for EQUAL and NOCHANGE.
     */
    record RoleRequest(int xid, ControllerRole role, long generationId) implements OfMessage {
        public RoleRequest {
            Objects.requireNonNull(role, "role");
        }
        public RoleRequest withXid(int x) { return new RoleRequest(x, role, generationId); }
    }

    /** OFPT_ROLE_REPLY: the role the switch now gives this connection, and its newest generation id. */
    record RoleReply(int xid, ControllerRole role, long generationId) implements OfMessage {
        public RoleReply {
            Objects.requireNonNull(role, "role");
        }
        public RoleReply withXid(int x) { return new RoleReply(x, role, generationId); }
    }

    /** OFPT_PORT_STATUS (§7.4.3): a port was added, removed or changed (e.g. its link went down). */
    record PortStatus(int xid, PortReason reason, PortDesc port) implements OfMessage {
        public PortStatus {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(port, "port");
        }
        public PortStatus withXid(int x) { return new PortStatus(x, reason, port); }
    }

    /** OFPMP_PORT_DESC request: every port of the switch. */
    record PortDescRequest(int xid) implements MultipartRequest {
        public PortDescRequest withXid(int x) { return new PortDescRequest(x); }
    }

    /** One part of an OFPMP_PORT_DESC reply. */
    record PortDescReply(int xid, boolean more, List<PortDesc> ports) implements MultipartReply {
        public PortDescReply {
            ports = List.copyOf(ports);
        }
        public PortDescReply withXid(int x) { return new PortDescReply(x, more, ports); }
    }

    /** OFPMP_GROUP_FEATURES request: which group types and capabilities the switch has. */
    record GroupFeaturesRequest(int xid) implements MultipartRequest {
        public GroupFeaturesRequest withXid(int x) { return new GroupFeaturesRequest(x); }
    }

    /**
     * OFPMP_GROUP_FEATURES reply ({@code ofp_group_features}); a single part.
     *
     * @param types        bitmap of the group types supported, bit {@code 1 << GroupType.ordinal()}
     * @param capabilities bitmap of {@code OFPGFC_*}, e.g. {@link OfConstants#OFPGFC_SELECT_LIVENESS}
     */
    record GroupFeaturesReply(int xid, boolean more, int types, int capabilities) implements MultipartReply {
        public GroupFeaturesReply withXid(int x) { return new GroupFeaturesReply(x, more, types, capabilities); }
    }

    /** OFPMP_PORT_STATS request: counters of one port, or of all with {@code OFPP_ANY}. */
    record PortStatsRequest(int xid, int portNo) implements MultipartRequest {
        public PortStatsRequest withXid(int x) { return new PortStatsRequest(x, portNo); }
    }

    /** One part of an OFPMP_PORT_STATS reply. */
    record PortStatsReply(int xid, boolean more, List<PortStats> ports) implements MultipartReply {
        public PortStatsReply {
            ports = List.copyOf(ports);
        }
        public PortStatsReply withXid(int x) { return new PortStatsReply(x, more, ports); }
    }

    /**
     * ONFT_BUNDLE_CONTROL (ONF extension EXT-230): opens, commits or discards a bundle of mods, or
     * the switch's reply to that. {@code type} is one of {@code OfConstants.BUNDLE_*_REQUEST/_REPLY},
     * {@code flags} a combination of {@code BUNDLE_ATOMIC} and {@code BUNDLE_ORDERED}; properties
     * are neither sent nor kept.
     */
    record BundleControl(int xid, int bundleId, int type, int flags) implements OfMessage {
        public BundleControl withXid(int x) { return new BundleControl(x, bundleId, type, flags); }
    }

    /**
     * ONFT_BUNDLE_ADD_MESSAGE: one flow or group mod added to an open bundle. The specification
     * wants the outer and the inner xid equal, so the switch's error for the mod names it.
     */
    record BundleAdd(int xid, int bundleId, int flags, OfMessage message) implements OfMessage {
        public BundleAdd {
            Objects.requireNonNull(message, "message");
            if (!(message instanceof FlowMod || message instanceof GroupMod)) {
                throw new IllegalArgumentException("only flow and group mods go into a bundle here, not " + message);
            }
            if (message.xid() != xid) {
                throw new IllegalArgumentException("bundled message xid %d differs from the bundle add xid %d".formatted(message.xid(), xid));
            }
        }
        public BundleAdd withXid(int x) { return new BundleAdd(x, bundleId, flags, message.withXid(x)); }
    }

    /**
     * A part of a multipart reply of a kind this controller does not read (its OFPMP_ type, body
     * skipped): kept as a reply, so that the request it answers fails at once naming the type
     * instead of waiting out its timeout.
     */
    record UnreadMultipartReply(int xid, boolean more, int multipartType) implements MultipartReply {
        public UnreadMultipartReply withXid(int x) { return new UnreadMultipartReply(x, more, multipartType); }
    }

    /**
     * A well-formed message of a type this controller does not act on (PACKET_IN, FLOW_REMOVED,
     * multipart requests of other kinds, a type OpenFlow 1.3 does not define, ...): kept so it can be logged, never an error.
     */
    record Unhandled(int xid, int type, int length) implements OfMessage {
        public Unhandled withXid(int x) { return new Unhandled(x, type, length); }
    }
}
