package te.southbound;

import te.southbound.openflow.ErrorNames;
import te.southbound.openflow.OfConstants;

/**
 * An OFPT_ERROR a switch sent.
 *
 * @param dpid       the switch
 * @param xid        xid of the request it rejects
 * @param type       ofp_error_type
 * @param code       error code within the type
 * @param request    short description of the rejected request, or "unknown request"
 * @param atMillis   wall-clock time it arrived, ms since the epoch
 */
public record SwitchError(Dpid dpid, int xid, int type, int code, String request, long atMillis) {
    @Override
    public String toString() {
        boolean watch = type == OfConstants.ERR_GROUP_MOD_FAILED
                && (code == OfConstants.GROUP_MOD_WATCH_UNSUPPORTED || code == OfConstants.GROUP_MOD_BAD_WATCH);
        return "switch %s rejected %s (xid %d): %s%s".formatted(dpid, request, xid, ErrorNames.describe(type, code),
                watch ? "; it takes no watch port in a SELECT group: turn bucket liveness off (te serve --no-openflow-bucket-liveness)" : "");
    }
}
