package te.southbound.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import te.southbound.openflow.Action;
import te.southbound.openflow.Bucket;
import te.southbound.openflow.GroupCommand;
import te.southbound.openflow.GroupType;
import te.southbound.openflow.OfEncoder;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OxmField;

/**
 * Encode rate of GROUP_MODs as the pusher sends them: a SELECT group of 4 buckets, each push
 * MPLS + set label + output (56 bytes per bucket, 240-byte frames). Not a unit test: run
 * by hand (see the module README section); prints messages per second.
 *
 * <p>Two loops: the bare encoder into one reused buffer, and the Netty pipeline path
 * (MessageToByteEncoder allocating a pooled buffer per message, released at once).
 */
public final class GroupModEncodeRate {
    private GroupModEncodeRate() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        List<OfMessage> msgs = new ArrayList<>();
        for (int g = 0; g < 1024; g++) {
            List<Bucket> buckets = new ArrayList<>();
            for (int b = 0; b < 4; b++) {
                buckets.add(Bucket.weighted(25, List.of(new Action.PushMpls(0x8847),
                        new Action.SetField(new OxmField.MplsLabel(16 + g * 4 + b)), new Action.Output(b + 1))));
            }
            msgs.add(new OfMessage.GroupMod(g + 1, GroupCommand.MODIFY, GroupType.SELECT, 65536 + g, buckets));
        }
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(4096);
        EmbeddedChannel channel = new EmbeddedChannel(OfEncoder.INSTANCE);
        for (int round = 0; round < 6; round++) {
            long bytes = 0;
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                buf.clear();
                OfEncoder.encodeTo(msgs.get(i & 1023), buf);
                bytes += buf.readableBytes();
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                channel.writeOutbound(msgs.get(i & 1023));
                ((ByteBuf) channel.readOutbound()).release();
            }
            long t2 = System.nanoTime();
            System.out.printf("round %d: encoder %,.0f GROUP_MOD/s (%d bytes each), pipeline %,.0f GROUP_MOD/s%s%n",
                    round, n / ((t1 - t0) / 1e9), bytes / n, n / ((t2 - t1) / 1e9), round < 2 ? " (warm-up)" : "");
        }
        buf.release();
    }
}
