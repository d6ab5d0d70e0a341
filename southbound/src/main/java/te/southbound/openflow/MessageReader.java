package te.southbound.openflow;

import static te.southbound.openflow.OfConstants.*;
import static te.southbound.openflow.StructReader.*;

import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import te.southbound.openflow.OfMessage.*;

/** Parses one complete frame (header included) into an {@link OfMessage}. */
final class MessageReader {
    private MessageReader() {
    }

    static OfMessage read(ByteBuf frame) {
        int version = frame.readUnsignedByte();
        int type = frame.readUnsignedByte();
        int length = frame.readUnsignedShort();
        int xid = frame.readInt();
        switch (type) {
            case HELLO: return readHello(xid, version, frame);
            case ERROR:
                require(frame, 4, "ofp_error_msg");
                return new OfMessage.Error(xid, frame.readUnsignedShort(), frame.readUnsignedShort(),
                        readOctets(frame, frame.readableBytes()));
            case ECHO_REQUEST: return new EchoRequest(xid, readOctets(frame, frame.readableBytes()));
            case ECHO_REPLY: return new EchoReply(xid, readOctets(frame, frame.readableBytes()));
            case FEATURES_REQUEST: return new FeaturesRequest(xid);
            case FEATURES_REPLY:
                require(frame, 24, "ofp_switch_features");
                FeaturesReply f = new FeaturesReply(xid, frame.readLong(), frame.readInt(),
                        frame.readUnsignedByte(), frame.readUnsignedByte(), frame.skipBytes(2).readInt());
                frame.skipBytes(4);
                return f;
            case BARRIER_REQUEST: return new BarrierRequest(xid);
            case BARRIER_REPLY: return new BarrierReply(xid);
            case GROUP_MOD:
                require(frame, 8, "ofp_group_mod");
                GroupCommand command = enumValue(GroupCommand.values(), frame.readUnsignedShort(), "group command");
                GroupType groupType = enumValue(GroupType.values(), frame.readUnsignedByte(), "group type");
                frame.skipBytes(1);
                return new GroupMod(xid, command, groupType, frame.readInt(), readBuckets(frame));
            case FLOW_MOD: return readFlowMod(xid, frame);
            case PORT_STATUS:
                require(frame, 8 + PortDesc.LENGTH, "ofp_port_status");
                PortReason reason = enumValue(PortReason.values(), frame.readUnsignedByte(), "port status reason");
                PortStatus status = new PortStatus(xid, reason, readPort(frame.skipBytes(7)));
                frame.skipBytes(frame.readableBytes());
                return status;
            case ROLE_REQUEST:
            case ROLE_REPLY:
                require(frame, 16, "ofp_role_request");
                ControllerRole role = enumValue(ControllerRole.values(), (int) Math.min(frame.readUnsignedInt(), Integer.MAX_VALUE), "controller role");
                long generation = frame.skipBytes(4).readLong();
                return type == ROLE_REQUEST ? new RoleRequest(xid, role, generation) : new RoleReply(xid, role, generation);
            case MULTIPART_REQUEST: return readMultipartRequest(xid, length, frame);
            case MULTIPART_REPLY: return readMultipartReply(xid, length, frame);
            case EXPERIMENTER: return readExperimenter(xid, type, length, frame);
            default:
                frame.skipBytes(frame.readableBytes());
                return new Unhandled(xid, type, length);
        }
    }

    /** The ONF bundle messages (EXT-230); any other experimenter message is kept as {@link Unhandled}. */
    private static OfMessage readExperimenter(int xid, int type, int length, ByteBuf frame) {
        if (frame.readableBytes() < 16 || frame.getInt(frame.readerIndex()) != ONF_EXPERIMENTER_ID) {
            frame.skipBytes(frame.readableBytes());
            return new Unhandled(xid, type, length);
        }
        int expType = frame.getInt(frame.readerIndex() + 4);
        if (expType == ONFT_BUNDLE_CONTROL) {
            frame.skipBytes(8);
            BundleControl b = new BundleControl(xid, frame.readInt(), frame.readUnsignedShort(), frame.readUnsignedShort());
            frame.skipBytes(frame.readableBytes()); // properties
            return b;
        }
        if (expType == ONFT_BUNDLE_ADD_MESSAGE) {
            frame.skipBytes(8);
            int bundleId = frame.readInt();
            int flags = frame.skipBytes(2).readUnsignedShort();
            require(frame, HEADER_LENGTH, "bundled message header");
            int innerVersion = frame.getUnsignedByte(frame.readerIndex());
            int innerType = frame.getUnsignedByte(frame.readerIndex() + 1);
            // Checked before parsing: a bundle add inside a bundle add would recurse without end.
            if (innerVersion != VERSION || (innerType != FLOW_MOD && innerType != GROUP_MOD)) {
                throw new OpenFlowException("bundled message has version %d, type %d; expected an OpenFlow 1.3 flow or group mod"
                        .formatted(innerVersion, innerType));
            }
            int inner = frame.getUnsignedShort(frame.readerIndex() + 2);
            if (inner < HEADER_LENGTH || inner > frame.readableBytes()) {
                throw new OpenFlowException("bundled message length %d, %d bytes left in the frame".formatted(inner, frame.readableBytes()));
            }
            ByteBuf body = frame.readSlice(inner);
            OfMessage message = read(body);
            if (body.isReadable()) {
                throw new OpenFlowException("bundled message leaves %d of its %d bytes unread".formatted(body.readableBytes(), inner));
            }
            frame.skipBytes(frame.readableBytes()); // properties
            try {
                return new BundleAdd(xid, bundleId, flags, message);
            } catch (IllegalArgumentException e) {
                throw new OpenFlowException("bad bundle add message: " + e.getMessage());
            }
        }
        frame.skipBytes(frame.readableBytes());
        return new Unhandled(xid, type, length);
    }

    private static Hello readHello(int xid, int version, ByteBuf in) {
        long bitmap = 0;
        while (in.readableBytes() >= 4) {
            int elementType = in.readUnsignedShort();
            int length = readLength(in, 4, 4, "hello element");
            ByteBuf body = in.readSlice(length - 4);
            if (elementType == HELLO_ELEM_VERSIONBITMAP) {
                for (int word = 0; word < 2 && body.readableBytes() >= 4; word++) {
                    bitmap |= (body.readInt() & 0xffffffffL) << (32 * word);
                }
            }
            in.skipBytes(Math.min(StructWriter.padding(length), in.readableBytes()));
        }
        return new Hello(xid, version, bitmap);
    }

    private static FlowMod readFlowMod(int xid, ByteBuf in) {
        require(in, 40, "ofp_flow_mod");
        long cookie = in.readLong();
        long cookieMask = in.readLong();
        int tableId = in.readUnsignedByte();
        FlowCommand command = enumValue(FlowCommand.values(), in.readUnsignedByte(), "flow command");
        int idle = in.readUnsignedShort();
        int hard = in.readUnsignedShort();
        int priority = in.readUnsignedShort();
        int bufferId = in.readInt();
        int outPort = in.readInt();
        int outGroup = in.readInt();
        int flags = in.readUnsignedShort();
        in.skipBytes(2);
        Match match = readMatch(in);
        return new FlowMod(xid, cookie, cookieMask, tableId, command, idle, hard, priority, bufferId,
                outPort, outGroup, flags, match, readInstructions(in));
    }

    private static OfMessage readMultipartRequest(int xid, int length, ByteBuf in) {
        require(in, 8, "ofp_multipart_request");
        int mpType = in.readUnsignedShort();
        in.skipBytes(6);
        if (mpType == MP_GROUP_DESC) {
            return new GroupDescRequest(xid);
        }
        if (mpType == MP_PORT_DESC) {
            return new PortDescRequest(xid);
        }
        if (mpType == MP_GROUP_FEATURES) {
            return new GroupFeaturesRequest(xid);
        }
        if (mpType == MP_PORT_STATS) {
            require(in, 8, "ofp_port_stats_request");
            int portNo = in.readInt();
            in.skipBytes(4);
            return new PortStatsRequest(xid, portNo);
        }
        if (mpType == MP_GROUP) {
            require(in, 8, "ofp_group_stats_request");
            int groupId = in.readInt();
            in.skipBytes(4);
            return new GroupStatsRequest(xid, groupId);
        }
        if (mpType == MP_FLOW) {
            require(in, 32, "ofp_flow_stats_request");
            int tableId = in.readUnsignedByte();
            int outPort = in.skipBytes(3).readInt();
            int outGroup = in.readInt();
            long cookie = in.skipBytes(4).readLong();
            return new FlowStatsRequest(xid, tableId, outPort, outGroup, cookie, in.readLong(), readMatch(in));
        }
        in.skipBytes(in.readableBytes());
        return new Unhandled(xid, MULTIPART_REQUEST, length);
    }

    private static OfMessage readMultipartReply(int xid, int length, ByteBuf in) {
        require(in, 8, "ofp_multipart_reply");
        int mpType = in.readUnsignedShort();
        boolean more = (in.readUnsignedShort() & MP_REPLY_MORE) != 0;
        in.skipBytes(4);
        if (mpType == MP_GROUP_DESC) {
            List<GroupDesc> groups = new ArrayList<>();
            while (in.isReadable()) {
                require(in, 2, "ofp_group_desc");
                ByteBuf body = in.readSlice(readLength(in, 2, 8, "ofp_group_desc") - 2);
                GroupType type = enumValue(GroupType.values(), body.readUnsignedByte(), "group type");
                int groupId = body.skipBytes(1).readInt();
                groups.add(new GroupDesc(type, groupId, readBuckets(body)));
            }
            return new GroupDescReply(xid, more, groups);
        }
        if (mpType == MP_PORT_DESC) {
            requireWholeEntries(in, PortDesc.LENGTH, "OFPMP_PORT_DESC reply", "ports");
            List<PortDesc> ports = new ArrayList<>();
            while (in.isReadable()) {
                ports.add(readPort(in));
            }
            return new PortDescReply(xid, more, ports);
        }
        if (mpType == MP_GROUP_FEATURES) {
            require(in, 40, "ofp_group_features");
            int types = in.readInt();
            int capabilities = in.readInt();
            in.skipBytes(in.readableBytes()); // max_groups and actions per type: not used
            return new GroupFeaturesReply(xid, more, types, capabilities);
        }
        if (mpType == MP_PORT_STATS) {
            requireWholeEntries(in, PortStats.LENGTH, "OFPMP_PORT_STATS reply", "port counters");
            List<PortStats> ports = new ArrayList<>();
            while (in.isReadable()) {
                int portNo = in.readInt();
                long[] c = new long[8];
                in.skipBytes(4);
                for (int i = 0; i < c.length; i++) {
                    c[i] = in.readLong();
                }
                in.skipBytes(32); // rx_frame_err, rx_over_err, rx_crc_err, collisions
                ports.add(new PortStats(portNo, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], in.readUnsignedInt(), in.readUnsignedInt()));
            }
            return new PortStatsReply(xid, more, ports);
        }
        if (mpType == MP_GROUP) {
            List<GroupStats> groups = new ArrayList<>();
            while (in.isReadable()) {
                require(in, 2, "ofp_group_stats");
                groups.add(readGroupStats(in.readSlice(readLength(in, 2, 40, "ofp_group_stats") - 2)));
            }
            return new GroupStatsReply(xid, more, groups);
        }
        if (mpType == MP_FLOW) {
            List<FlowStats> flows = new ArrayList<>();
            while (in.isReadable()) {
                require(in, 2, "ofp_flow_stats");
                flows.add(readFlowStats(in.readSlice(readLength(in, 2, 48, "ofp_flow_stats") - 2)));
            }
            return new FlowStatsReply(xid, more, flows);
        }
        in.skipBytes(in.readableBytes());
        return new UnreadMultipartReply(xid, more, mpType);
    }

    /** For replies of fixed-size entries: the body must hold whole ones. */
    private static void requireWholeEntries(ByteBuf in, int entryLength, String what, String entries) {
        if (in.readableBytes() % entryLength != 0) {
            throw new OpenFlowException("%s: %d bytes of %s, not a multiple of %d".formatted(what, in.readableBytes(), entries, entryLength));
        }
    }

    private static GroupStats readGroupStats(ByteBuf b) {
        int groupId = b.skipBytes(2).readInt();
        long refCount = b.readUnsignedInt();
        long packets = b.skipBytes(4).readLong();
        long bytes = b.readLong();
        long durationS = b.readUnsignedInt();
        long durationNs = b.readUnsignedInt();
        if (b.readableBytes() % 16 != 0) {
            throw new OpenFlowException("ofp_group_stats of group %d: %d bytes of bucket counters, not a multiple of 16"
                    .formatted(groupId, b.readableBytes()));
        }
        List<GroupStats.BucketCounter> buckets = new ArrayList<>();
        while (b.isReadable()) {
            buckets.add(new GroupStats.BucketCounter(b.readLong(), b.readLong()));
        }
        return new GroupStats(groupId, refCount, packets, bytes, durationS, durationNs, buckets);
    }

    private static FlowStats readFlowStats(ByteBuf b) {
        int tableId = b.readUnsignedByte();
        long durationS = b.skipBytes(1).readUnsignedInt();
        long durationNs = b.readUnsignedInt();
        int priority = b.readUnsignedShort();
        int idle = b.readUnsignedShort();
        int hard = b.readUnsignedShort();
        int flags = b.readUnsignedShort();
        long cookie = b.skipBytes(4).readLong();
        long packets = b.readLong();
        long bytes = b.readLong();
        Match match = readMatch(b);
        return new FlowStats(tableId, durationS, durationNs, priority, idle, hard, flags, cookie,
                packets, bytes, match, readInstructions(b));
    }

    private static <E extends Enum<E>> E enumValue(E[] values, int wire, String what) {
        if (wire >= values.length) {
            throw new OpenFlowException("unknown %s %d (known: 0..%d)".formatted(what, wire, values.length - 1));
        }
        return values[wire];
    }
}
