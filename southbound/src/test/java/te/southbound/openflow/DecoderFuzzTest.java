package te.southbound.openflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Switch messages are untrusted input: every mutation of every sample frame either decodes into a
 * message that encodes back to a well-formed frame, or fails with an {@link OpenFlowException}
 * naming the problem; never another exception (a Java runtime error would be a decoder bug).
 */
class DecoderFuzzTest {
    private static final int ROUNDS = 20_000;

    @Test
    void mutatedFramesDecodeOrFailWithTheReason() {
        List<byte[]> frames = Samples.all().stream().map(OfCodecTest::encode).toList();
        Random rnd = new Random(20261125);
        int decoded = 0;
        int refused = 0;
        for (int round = 0; round < ROUNDS; round++) {
            byte[] frame = mutate(frames.get(rnd.nextInt(frames.size())), rnd);
            EmbeddedChannel ch = new EmbeddedChannel(new OfFrameDecoder(), OfEncoder.INSTANCE);
            try {
                ch.writeInbound(Unpooled.wrappedBuffer(frame));
                for (Object m; (m = ch.readInbound()) != null; decoded++) {
                    // What was decoded must be a value the encoder can write again (an Unhandled only
                    // stands for a received message of a type the controller ignores).
                    if (!(m instanceof OfMessage.Unhandled)) {
                        assertThat(OfCodecTest.encode((OfMessage) m)).isNotEmpty();
                    }
                }
                // Closing decodes what is left: bytes appended after a frame start another one.
                ch.finishAndReleaseAll();
            } catch (DecoderException e) {
                // OpenFlowException is itself a DecoderException; Netty wraps anything else.
                Throwable reason = e instanceof OpenFlowException ? e : e.getCause();
                assertThat(reason).as("round %d, frame %s", round, java.util.HexFormat.of().formatHex(frame))
                        .isInstanceOf(OpenFlowException.class);
                assertThat(reason.getMessage()).isNotBlank();
                refused++;
                ch.close();
            }
        }
        // Both outcomes are exercised: the fuzz is not all refusals (or all passes).
        assertThat(decoded).isGreaterThan(ROUNDS / 20);
        assertThat(refused).isGreaterThan(ROUNDS / 20);
    }

    /** One to four random changes: a byte set, a 16-bit length field rewritten, a cut, or bytes appended. */
    private static byte[] mutate(byte[] frame, Random rnd) {
        byte[] b = frame.clone();
        for (int n = 1 + rnd.nextInt(4); n > 0; n--) {
            switch (rnd.nextInt(4)) {
                case 0 -> b[b.length > 8 ? 8 + rnd.nextInt(b.length - 8) : rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                case 1 -> {
                    // A length-like field: any aligned 16-bit word after the header.
                    int at = 8 + 2 * rnd.nextInt(Math.max(1, (b.length - 9) / 2));
                    if (at + 1 < b.length) {
                        int v = rnd.nextBoolean() ? rnd.nextInt(65536) : rnd.nextInt(64);
                        b[at] = (byte) (v >> 8);
                        b[at + 1] = (byte) v;
                    }
                }
                case 2 -> b = java.util.Arrays.copyOf(b, Math.max(8, b.length - 1 - rnd.nextInt(Math.max(1, b.length / 2))));
                default -> {
                    byte[] longer = java.util.Arrays.copyOf(b, b.length + 8 * (1 + rnd.nextInt(3)));
                    for (int i = b.length; i < longer.length; i++) {
                        longer[i] = (byte) rnd.nextInt(256);
                    }
                    b = longer;
                }
            }
        }
        // Keep the header's length consistent with the bytes most of the time, so bodies get parsed.
        if (rnd.nextInt(4) > 0 && b.length <= 0xffff) {
            b[2] = (byte) (b.length >> 8);
            b[3] = (byte) b.length;
        }
        return b;
    }
}
