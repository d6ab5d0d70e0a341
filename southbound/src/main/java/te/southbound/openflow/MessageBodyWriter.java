package te.southbound.openflow;

import static te.southbound.openflow.OfConstants.*;

import io.netty.buffer.ByteBuf;
import te.southbound.openflow.OfMessage.*;

/** Writes the body (everything after {@code ofp_header}) of each message type. */
final class MessageBodyWriter {
    private MessageBodyWriter() {
    }

    static void writeBody(OfMessage msg, ByteBuf out) {
        if (msg instanceof Hello h) {
            writeHello(h, out);
        } else if (msg instanceof OfMessage.Error e) {
            out.writeShort(e.type()).writeShort(e.code()).writeBytes(e.data().toArray());
        } else if (msg instanceof EchoRequest e) {
            out.writeBytes(e.data().toArray());
        } else if (msg instanceof EchoReply e) {
            out.writeBytes(e.data().toArray());
        } else if (msg instanceof FeaturesReply f) {
            out.writeLong(f.datapathId()).writeInt(f.nBuffers()).writeByte(f.nTables())
                    .writeByte(f.auxiliaryId()).writeZero(2).writeInt(f.capabilities()).writeInt(0);
        } else if (msg instanceof GroupMod g) {
            out.writeShort(g.command().ordinal()).writeByte(g.type().ordinal()).writeZero(1)
                    .writeInt(g.groupId());
            StructWriter.writeBuckets(out, g.buckets());
        } else if (msg instanceof FlowMod f) {
            writeFlowMod(f, out);
        } else if (msg instanceof RoleRequest r) {
            out.writeInt(r.role().ordinal()).writeZero(4).writeLong(r.generationId());
        } else if (msg instanceof RoleReply r) {
            out.writeInt(r.role().ordinal()).writeZero(4).writeLong(r.generationId());
        } else if (msg instanceof PortStatus p) {
            out.writeByte(p.reason().ordinal()).writeZero(7);
            StructWriter.writePort(out, p.port());
        } else if (msg instanceof PortDescRequest) {
            out.writeShort(MP_PORT_DESC).writeShort(0).writeZero(4);
        } else if (msg instanceof PortDescReply r) {
            out.writeShort(MP_PORT_DESC).writeShort(r.more() ? MP_REPLY_MORE : 0).writeZero(4);
            r.ports().forEach(port -> StructWriter.writePort(out, port));
        } else if (msg instanceof GroupFeaturesRequest) {
            out.writeShort(MP_GROUP_FEATURES).writeShort(0).writeZero(4);
        } else if (msg instanceof GroupFeaturesReply r) {
            out.writeShort(MP_GROUP_FEATURES).writeShort(r.more() ? MP_REPLY_MORE : 0).writeZero(4)
                    .writeInt(r.types()).writeInt(r.capabilities()).writeZero(32);
        } else if (msg instanceof PortStatsRequest r) {
            out.writeShort(MP_PORT_STATS).writeShort(0).writeZero(4).writeInt(r.portNo()).writeZero(4);
        } else if (msg instanceof PortStatsReply r) {
            out.writeShort(MP_PORT_STATS).writeShort(r.more() ? MP_REPLY_MORE : 0).writeZero(4);
            for (PortStats p : r.ports()) {
                out.writeInt(p.portNo()).writeZero(4).writeLong(p.rxPackets()).writeLong(p.txPackets()).writeLong(p.rxBytes())
                        .writeLong(p.txBytes()).writeLong(p.rxDropped()).writeLong(p.txDropped()).writeLong(p.rxErrors())
                        .writeLong(p.txErrors()).writeZero(32).writeInt((int) p.durationS()).writeInt((int) p.durationNs());
            }
        } else if (msg instanceof GroupDescRequest) {
            out.writeShort(MP_GROUP_DESC).writeShort(0).writeZero(4);
        } else if (msg instanceof FlowStatsRequest r) {
            out.writeShort(MP_FLOW).writeShort(0).writeZero(4);
            out.writeByte(r.tableId()).writeZero(3).writeInt(r.outPort()).writeInt(r.outGroup())
                    .writeZero(4).writeLong(r.cookie()).writeLong(r.cookieMask());
            StructWriter.writeMatch(out, r.match());
        } else if (msg instanceof GroupStatsRequest r) {
            out.writeShort(MP_GROUP).writeShort(0).writeZero(4).writeInt(r.groupId()).writeZero(4);
        } else if (msg instanceof GroupStatsReply r) {
            writeGroupStatsReply(r, out);
        } else if (msg instanceof GroupDescReply r) {
            writeGroupDescReply(r, out);
        } else if (msg instanceof FlowStatsReply r) {
            writeFlowStatsReply(r, out);
        } else if (msg instanceof UnreadMultipartReply r) {
            out.writeShort(r.multipartType()).writeShort(r.more() ? MP_REPLY_MORE : 0).writeZero(4); // its body was not kept
        } else if (msg instanceof BundleControl b) {
            out.writeInt(ONF_EXPERIMENTER_ID).writeInt(ONFT_BUNDLE_CONTROL).writeInt(b.bundleId()).writeShort(b.type()).writeShort(b.flags());
        } else if (msg instanceof BundleAdd b) {
            out.writeInt(ONF_EXPERIMENTER_ID).writeInt(ONFT_BUNDLE_ADD_MESSAGE).writeInt(b.bundleId()).writeShort(0).writeShort(b.flags());
            // No properties follow, so no padding after the embedded message.
            OfEncoder.encodeTo(b.message(), out);
        }
        // FeaturesRequest, BarrierRequest, BarrierReply: header only.
    }

    private static void writeHello(Hello h, ByteBuf out) {
        if (h.versionBitmap() == 0) {
            return;
        }
        boolean twoWords = (h.versionBitmap() >>> 32) != 0;
        int length = 4 + (twoWords ? 8 : 4);
        out.writeShort(HELLO_ELEM_VERSIONBITMAP).writeShort(length).writeInt((int) h.versionBitmap());
        if (twoWords) {
            out.writeInt((int) (h.versionBitmap() >>> 32));
        }
        out.writeZero(StructWriter.padding(length));
    }

    private static void writeFlowMod(FlowMod f, ByteBuf out) {
        out.writeLong(f.cookie()).writeLong(f.cookieMask()).writeByte(f.tableId())
                .writeByte(f.command().ordinal()).writeShort(f.idleTimeoutS()).writeShort(f.hardTimeoutS())
                .writeShort(f.priority()).writeInt(f.bufferId()).writeInt(f.outPort())
                .writeInt(f.outGroup()).writeShort(f.flags()).writeZero(2);
        StructWriter.writeMatch(out, f.match());
        StructWriter.writeInstructions(out, f.instructions());
    }

    private static void writeGroupDescReply(GroupDescReply r, ByteBuf out) {
        out.writeShort(MP_GROUP_DESC).writeShort(r.more() ? MP_REPLY_MORE : 0).writeZero(4);
        for (GroupDesc g : r.groups()) {
            int start = out.writerIndex();
            out.writeShort(0).writeByte(g.type().ordinal()).writeZero(1).writeInt(g.groupId());
            StructWriter.writeBuckets(out, g.buckets());
            out.setShort(start, out.writerIndex() - start);
        }
    }

    private static void writeGroupStatsReply(GroupStatsReply r, ByteBuf out) {
        out.writeShort(MP_GROUP).writeShort(r.more() ? MP_REPLY_MORE : 0).writeZero(4);
        for (GroupStats g : r.groups()) {
            out.writeShort(40 + 16 * g.buckets().size()).writeZero(2).writeInt(g.groupId())
                    .writeInt((int) g.refCount()).writeZero(4).writeLong(g.packetCount()).writeLong(g.byteCount())
                    .writeInt((int) g.durationS()).writeInt((int) g.durationNs());
            g.buckets().forEach(b -> out.writeLong(b.packetCount()).writeLong(b.byteCount()));
        }
    }

    private static void writeFlowStatsReply(FlowStatsReply r, ByteBuf out) {
        out.writeShort(MP_FLOW).writeShort(r.more() ? MP_REPLY_MORE : 0).writeZero(4);
        for (FlowStats s : r.flows()) {
            int start = out.writerIndex();
            out.writeShort(0).writeByte(s.tableId()).writeZero(1).writeInt((int) s.durationS())
                    .writeInt((int) s.durationNs()).writeShort(s.priority()).writeShort(s.idleTimeoutS())
                    .writeShort(s.hardTimeoutS()).writeShort(s.flags()).writeZero(4).writeLong(s.cookie())
                    .writeLong(s.packetCount()).writeLong(s.byteCount());
            StructWriter.writeMatch(out, s.match());
            StructWriter.writeInstructions(out, s.instructions());
            out.setShort(start, out.writerIndex() - start);
        }
    }
}
