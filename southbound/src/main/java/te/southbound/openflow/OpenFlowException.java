package te.southbound.openflow;

import io.netty.handler.codec.DecoderException;

/**
 * A peer broke the OpenFlow 1.3 wire format or protocol (bad length, wrong version, truncated
 * structure, failed version negotiation). The message names the offending value and what was
 * expected; the channel that produced it is closed, other switches are unaffected.
 */
public final class OpenFlowException extends DecoderException {
    private static final long serialVersionUID = 1L;

    /** @param message what was wrong, with the offending value and the expectation */
    public OpenFlowException(String message) {
        super(message);
    }
}
