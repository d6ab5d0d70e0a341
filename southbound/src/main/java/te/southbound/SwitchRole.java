package te.southbound;

import te.southbound.openflow.ControllerRole;

/**
 * What one switch made of this controller's role claim.
 *
 * @param dpid    the switch
 * @param granted the role the switch gave this connection, or null when it refused the claim or
 *                did not answer (nothing is then programmed there)
 * @param problem why the switch is not programmed as claimed (refused as stale, no answer,
 *                another controller took it over), or null
 */
public record SwitchRole(Dpid dpid, ControllerRole granted, String problem) {
    /** @return whether this controller may modify the switch's tables */
    public boolean programs() {
        return problem == null && (granted == ControllerRole.EQUAL || granted == ControllerRole.MASTER);
    }
}
