package te.southbound.openflow;

import static te.southbound.openflow.OfConstants.*;

import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the variable-length OpenFlow 1.3 structures. Every declared length is checked against
 * the bytes that are really there before anything is read, so a lying length field becomes an
 * {@link OpenFlowException} naming the structure, never a read past the frame.
 */
final class StructReader {
    private StructReader() {
    }

    static void require(ByteBuf in, int length, String what) {
        if (length < 0 || in.readableBytes() < length) {
            throw new OpenFlowException("truncated %s: needs %d bytes, %d left in the frame"
                    .formatted(what, length, in.readableBytes()));
        }
    }

    /** Reads a declared length field, checking it is at least {@code min} and fits. */
    static int readLength(ByteBuf in, int alreadyRead, int min, String what) {
        int length = in.readUnsignedShort();
        if (length < min) {
            throw new OpenFlowException("%s length %d is below its minimum %d".formatted(what, length, min));
        }
        require(in, length - alreadyRead, what);
        return length;
    }

    static Match readMatch(ByteBuf in) {
        require(in, 4, "ofp_match");
        int type = in.readUnsignedShort();
        if (type != MATCH_TYPE_OXM) {
            throw new OpenFlowException("match type %d is not OFPMT_OXM (1)".formatted(type));
        }
        int length = readLength(in, 4, 4, "ofp_match");
        ByteBuf fields = in.readSlice(length - 4);
        require(in, StructWriter.padding(length), "ofp_match padding");
        in.skipBytes(StructWriter.padding(length));
        List<OxmField> result = new ArrayList<>();
        while (fields.isReadable()) {
            result.add(readOxm(fields));
        }
        return new Match(result);
    }

    static OxmField readOxm(ByteBuf in) {
        require(in, 4, "OXM header");
        int header = in.readInt();
        int length = header & 0xff;
        require(in, length, "OXM field payload");
        int field = (header >>> 9) & 0x7f;
        boolean hasMask = (header & 0x100) != 0;
        if ((header >>> 16) == OXM_CLASS_OPENFLOW_BASIC) {
            if (field == OXM_IN_PORT && length == 4 && !hasMask) return new OxmField.InPort(in.readInt());
            if (field == OXM_ETH_TYPE && length == 2 && !hasMask) return new OxmField.EthType(in.readUnsignedShort());
            if (field == OXM_VLAN_VID && length == 2 && !hasMask) return new OxmField.VlanVid(in.readUnsignedShort() & 0xfff);
            if (field == OXM_MPLS_LABEL && length == 4 && !hasMask) return new OxmField.MplsLabel(in.readInt() & 0xfffff);
            if (field == OXM_IPV4_DST && length == 4 && !hasMask) return new OxmField.Ipv4Dst(in.readInt(), -1);
            if (field == OXM_IPV4_DST && length == 8 && hasMask) return new OxmField.Ipv4Dst(in.readInt(), in.readInt());
            if (field == OXM_IPV6_DST && length == 16 && !hasMask) return new OxmField.Ipv6Dst(in.readLong(), in.readLong(), -1, -1);
            if (field == OXM_IPV6_DST && length == 32 && hasMask) {
                long high = in.readLong(), low = in.readLong();
                return new OxmField.Ipv6Dst(high, low, in.readLong(), in.readLong());
            }
        }
        return new OxmField.Other(header, readOctets(in, length));
    }

    static List<Action> readActions(ByteBuf in) {
        List<Action> actions = new ArrayList<>();
        while (in.isReadable()) {
            require(in, 4, "action header");
            int type = in.readUnsignedShort();
            int length = readLength(in, 4, 8, "action type " + type);
            ByteBuf body = in.readSlice(length - 4);
            actions.add(readAction(type, body));
        }
        return actions;
    }

    private static Action readAction(int type, ByteBuf body) {
        switch (type) {
            case ACT_OUTPUT:
                require(body, 4, "output action");
                return new Action.Output(body.readInt());
            case ACT_PUSH_MPLS:
                return new Action.PushMpls(body.readUnsignedShort());
            case ACT_POP_MPLS:
                return new Action.PopMpls(body.readUnsignedShort());
            case ACT_PUSH_VLAN:
                return new Action.PushVlan(body.readUnsignedShort());
            case ACT_POP_VLAN:
                return new Action.PopVlan();
            case ACT_GROUP:
                return new Action.Group(body.readInt());
            case ACT_SET_FIELD:
                return new Action.SetField(readOxm(body));
            default:
                return new Action.Other(type, readOctets(body, body.readableBytes()));
        }
    }

    static List<Instruction> readInstructions(ByteBuf in) {
        List<Instruction> result = new ArrayList<>();
        while (in.isReadable()) {
            require(in, 4, "instruction header");
            int type = in.readUnsignedShort();
            int length = readLength(in, 4, 8, "instruction type " + type);
            ByteBuf body = in.readSlice(length - 4);
            if (type == INSTR_APPLY_ACTIONS) {
                result.add(new Instruction.ApplyActions(readActions(body.skipBytes(4))));
            } else if (type == INSTR_GOTO_TABLE) {
                result.add(new Instruction.GotoTable(body.readUnsignedByte()));
            } else {
                result.add(new Instruction.Other(type, readOctets(body, body.readableBytes())));
            }
        }
        return result;
    }

    static List<Bucket> readBuckets(ByteBuf in) {
        List<Bucket> buckets = new ArrayList<>();
        while (in.isReadable()) {
            require(in, 2, "ofp_bucket");
            int length = readLength(in, 2, 16, "ofp_bucket");
            ByteBuf body = in.readSlice(length - 2);
            int weight = body.readUnsignedShort();
            int watchPort = body.readInt();
            int watchGroup = body.readInt();
            body.skipBytes(4);
            buckets.add(new Bucket(weight, watchPort, watchGroup, readActions(body)));
        }
        return buckets;
    }

    /** {@code ofp_port} (64 bytes); the name ends at its first NUL. */
    static PortDesc readPort(ByteBuf in) {
        require(in, PortDesc.LENGTH, "ofp_port");
        int portNo = in.readInt();
        long hwAddr = (in.skipBytes(4).readUnsignedShort() & 0xffffL) << 32 | in.readUnsignedInt();
        byte[] nameBytes = new byte[PortDesc.NAME_LENGTH];
        in.skipBytes(2).readBytes(nameBytes);
        int end = 0;
        while (end < nameBytes.length && nameBytes[end] != 0) {
            end++;
        }
        // The name goes into logs and the API: control characters (a newline forging a log line) and
        // non-ASCII bytes become '?'.
        for (int i = 0; i < end; i++) {
            if (nameBytes[i] < 0x20 || nameBytes[i] == 0x7f) {
                nameBytes[i] = '?';
            }
        }
        String name = new String(nameBytes, 0, end, java.nio.charset.StandardCharsets.US_ASCII);
        int config = in.readInt();
        int state = in.readInt();
        in.skipBytes(16); // curr, advertised, supported, peer
        return new PortDesc(portNo, hwAddr, name, config, state, in.readInt(), in.readInt());
    }

    static Octets readOctets(ByteBuf in, int length) {
        byte[] bytes = new byte[length];
        in.readBytes(bytes);
        return Octets.of(bytes);
    }
}
