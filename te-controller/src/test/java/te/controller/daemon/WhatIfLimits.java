package te.controller.daemon;

/** Reads {@link te.controller.daemon.api.WhatIfResource}'s limits for tests in this package. */
final class WhatIfLimits {
    private WhatIfLimits() {
    }

    static int changesPerArc() {
        return te.controller.daemon.api.WhatIfResource.CHANGES_PER_ARC;
    }
}
