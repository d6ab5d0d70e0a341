package te.southbound;

/**
 * The make-before-break order of an update. Each phase is sent to every switch and closed by a
 * barrier on each before the next phase starts anywhere, so an ingress bucket never points at a
 * tunnel whose transit entries are not confirmed, and nothing still in use is removed.
 */
public enum Phase {
    /** Add or change transit and egress entries (label → port). */
    TUNNELS,
    /** Add or change ingress SELECT groups (the new weights). */
    GROUPS,
    /** Add or change ingress flows (prefix → group); a new group exists by now. */
    INGRESS,
    /** Delete stale ingress flows, then stale groups, then stale tunnel entries. */
    REMOVALS
}
