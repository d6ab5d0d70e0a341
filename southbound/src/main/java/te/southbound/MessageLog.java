package te.southbound;

import te.southbound.openflow.OfMessage;

/**
 * Sees each message as it is handed to a switch's channel, in send order per switch. Called on
 * the sending thread; implementations must be thread-safe and fast.
 */
@FunctionalInterface
public interface MessageLog {
    /** Logs nothing. */
    MessageLog NONE = (dpid, msg) -> { };

    /**
     * @param dpid the switch, or null before its FEATURES_REPLY
     * @param msg  the message, with its final xid
     */
    void sent(Dpid dpid, OfMessage msg);
}
