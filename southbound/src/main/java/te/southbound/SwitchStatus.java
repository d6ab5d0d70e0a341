package te.southbound;

import java.util.List;

/**
 * What the controller knows of one connected switch.
 *
 * @param dpid              the switch
 * @param remoteAddress     its address as seen by the listener
 * @param known             false if its dpid is not configured (it is then never programmed)
 * @param connectedAtMillis connection time, ms since the epoch
 * @param recentErrors      the last errors it sent, oldest first (at most 20)
 * @param bundles           whether each phase of a push goes to it as one atomic bundle (it
 *                          answered the bundle probe and bundles are configured)
 * @param peerCertificate   subject of its TLS certificate, verified at the handshake; null when
 *                          it connected over plain TCP
 * @param role              the role it gives this controller and why it is not programmed, if it is not
 * @param selectLiveness    whether it says it skips a SELECT bucket whose watch port is down
 *                          (OFPGFC_SELECT_LIVENESS in its group features); null until it answered
 */
public record SwitchStatus(Dpid dpid, String remoteAddress, boolean known, long connectedAtMillis,
                           List<SwitchError> recentErrors, boolean bundles, String peerCertificate, SwitchRole role,
                           Boolean selectLiveness) {
    public SwitchStatus {
        recentErrors = List.copyOf(recentErrors);
    }
}
