package te.southbound;

import te.southbound.openflow.OfMessage;

/**
 * Sees each message as it is handed to a switch's channel, in send order per switch. A mod sent
 * inside a bundle is seen as the mod itself (not its bundle-add wrapper), the bundle's control
 * messages as they are. Called on the sending thread; implementations must be thread-safe and fast.
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
