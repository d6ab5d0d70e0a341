package te.southbound.openflow;

import static te.southbound.openflow.OfConstants.*;

import io.netty.buffer.ByteBuf;
import java.util.List;

/**
 * Writes the variable-length OpenFlow 1.3 structures (match, OXM, actions, instructions,
 * buckets). Lengths are written as placeholders and patched afterwards, so no structure is
 * sized twice.
 */
final class StructWriter {
    private StructWriter() {
    }

    /** {@code ofp_match}: length excludes the trailing padding to 8 bytes (§7.2.3.1). */
    static void writeMatch(ByteBuf out, Match match) {
        int start = out.writerIndex();
        out.writeShort(MATCH_TYPE_OXM);
        out.writeShort(0);
        for (OxmField f : match.fields()) {
            writeOxm(out, f);
        }
        int length = out.writerIndex() - start;
        out.setShort(start + 2, length);
        out.writeZero(padding(length));
    }

    static void writeOxm(ByteBuf out, OxmField f) {
        if (f instanceof OxmField.Other o) {
            out.writeInt(o.header());
            out.writeBytes(o.payload().toArray());
        } else if (f instanceof OxmField.InPort p) {
            out.writeInt(oxmHeader(OXM_IN_PORT, false, 4)).writeInt(p.port());
        } else if (f instanceof OxmField.EthType e) {
            out.writeInt(oxmHeader(OXM_ETH_TYPE, false, 2)).writeShort(e.ethType());
        } else if (f instanceof OxmField.VlanVid v) {
            out.writeInt(oxmHeader(OXM_VLAN_VID, false, 2)).writeShort(OFPVID_PRESENT | v.vlanId());
        } else if (f instanceof OxmField.Ipv4Dst d) {
            boolean masked = d.mask() != -1;
            out.writeInt(oxmHeader(OXM_IPV4_DST, masked, masked ? 8 : 4)).writeInt(d.address());
            if (masked) {
                out.writeInt(d.mask());
            }
        } else if (f instanceof OxmField.Ipv6Dst d) {
            boolean masked = !d.exact();
            out.writeInt(oxmHeader(OXM_IPV6_DST, masked, masked ? 32 : 16)).writeLong(d.high()).writeLong(d.low());
            if (masked) {
                out.writeLong(d.maskHigh()).writeLong(d.maskLow());
            }
        } else if (f instanceof OxmField.MplsLabel m) {
            out.writeInt(oxmHeader(OXM_MPLS_LABEL, false, 4)).writeInt(m.label());
        } else {
            throw new IllegalStateException("unknown OXM field " + f);
        }
    }

    private static int oxmHeader(int field, boolean hasMask, int payloadLength) {
        return OXM_CLASS_OPENFLOW_BASIC << 16 | field << 9 | (hasMask ? 1 << 8 : 0) | payloadLength;
    }

    static void writeActions(ByteBuf out, List<Action> actions) {
        for (Action a : actions) {
            writeAction(out, a);
        }
    }

    private static void writeAction(ByteBuf out, Action a) {
        if (a instanceof Action.Output o) {
            out.writeShort(ACT_OUTPUT).writeShort(16).writeInt(o.port()).writeShort(OFPCML_NO_BUFFER)
                    .writeZero(6);
        } else if (a instanceof Action.PushMpls p) {
            out.writeShort(ACT_PUSH_MPLS).writeShort(8).writeShort(p.ethType()).writeZero(2);
        } else if (a instanceof Action.PopMpls p) {
            out.writeShort(ACT_POP_MPLS).writeShort(8).writeShort(p.ethType()).writeZero(2);
        } else if (a instanceof Action.PushVlan p) {
            out.writeShort(ACT_PUSH_VLAN).writeShort(8).writeShort(p.ethType()).writeZero(2);
        } else if (a instanceof Action.PopVlan) {
            out.writeShort(ACT_POP_VLAN).writeShort(8).writeZero(4);
        } else if (a instanceof Action.Group g) {
            out.writeShort(ACT_GROUP).writeShort(8).writeInt(g.groupId());
        } else if (a instanceof Action.SetField s) {
            int start = out.writerIndex();
            out.writeShort(ACT_SET_FIELD).writeShort(0);
            writeOxm(out, s.field());
            out.writeZero(padding(out.writerIndex() - start));
            out.setShort(start + 2, out.writerIndex() - start);
        } else if (a instanceof Action.Other o) {
            out.writeShort(o.type()).writeShort(4 + o.body().length()).writeBytes(o.body().toArray());
        }
    }

    static void writeInstructions(ByteBuf out, List<Instruction> instructions) {
        for (Instruction i : instructions) {
            if (i instanceof Instruction.ApplyActions apply) {
                int start = out.writerIndex();
                out.writeShort(INSTR_APPLY_ACTIONS).writeShort(0).writeZero(4);
                writeActions(out, apply.actions());
                out.setShort(start + 2, out.writerIndex() - start);
            } else if (i instanceof Instruction.GotoTable g) {
                out.writeShort(INSTR_GOTO_TABLE).writeShort(8).writeByte(g.tableId()).writeZero(3);
            } else if (i instanceof Instruction.Other o) {
                out.writeShort(o.type()).writeShort(4 + o.body().length()).writeBytes(o.body().toArray());
            }
        }
    }

    static void writeBuckets(ByteBuf out, List<Bucket> buckets) {
        for (Bucket b : buckets) {
            int start = out.writerIndex();
            out.writeShort(0).writeShort(b.weight()).writeInt(b.watchPort()).writeInt(b.watchGroup())
                    .writeZero(4);
            writeActions(out, b.actions());
            out.setShort(start, out.writerIndex() - start);
        }
    }

    /** {@code ofp_port}: 64 bytes; the name is cut to 15 ASCII bytes and NUL-padded. */
    static void writePort(ByteBuf out, PortDesc p) {
        byte[] name = p.name().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int nameBytes = Math.min(name.length, PortDesc.NAME_LENGTH - 1);
        out.writeInt(p.portNo()).writeZero(4).writeShort((int) (p.hwAddr() >>> 32)).writeInt((int) p.hwAddr())
                .writeZero(2).writeBytes(name, 0, nameBytes).writeZero(PortDesc.NAME_LENGTH - nameBytes)
                .writeInt(p.config()).writeInt(p.state()).writeZero(16).writeInt(p.currSpeed()).writeInt(p.maxSpeed());
    }

    /** @return bytes needed to pad {@code length} to a multiple of 8 */
    static int padding(int length) {
        return (8 - (length & 7)) & 7;
    }
}
