package te.southbound;

/**
 * The make-before-break order of an update. Each phase is sent to every switch and closed by a
 * barrier on each before the next phase starts anywhere, so an ingress bucket never points at a
 * tunnel whose transit entries are not confirmed, and nothing still in use is removed.
 */
public enum Phase {
    /**
     * Change ingress SELECT groups whose new buckets all send into tunnels the group already sends
     * into (only weights change, or buckets are dropped), none of which this run (re)builds on any
     * switch: nothing downstream is needed, so this goes first. After a link failure it moves
     * traffic off the dead link before any tunnel for a replacement path is built.
     */
    REWEIGHT,
    /** Add or change transit and egress entries (label → port). */
    TUNNELS,
    /** Add or change the other ingress SELECT groups (the new weights, new tunnels among them). */
    GROUPS,
    /** Add or change ingress flows (prefix → group); a new group exists by now. */
    INGRESS,
    /** Delete stale ingress flows, then stale groups, then stale tunnel entries. */
    REMOVALS
}
