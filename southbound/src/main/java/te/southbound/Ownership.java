package te.southbound;

/**
 * Which switch entries belong to this controller, so resync deletes stale entries of ours and
 * never anyone else's: flows whose cookie's high 32 bits equal {@code cookieTag}'s, and groups
 * with ids in {@code [groupIdBase, groupIdBase + groupIdCount)}.
 *
 * <p>Each flow gets a cookie of its own: the tag, then the entry's id (a tunnel's label, or an
 * ingress flow's group id less {@code groupIdBase}) in bits 4–31, then its kind in bits 0–3.
 * Deletes name that exact cookie, so they can only hit our entry; and Open vSwitch finds the
 * entries of a fully masked cookie through a hash index by cookie, then checks each one found.
 * With one cookie per kind that check ran over every label entry of the bridge for each delete:
 * 50,000 deletes took 10.4 s on one bridge, against 0.35 s with a cookie per entry.
 *
 * @param cookieTag    owner tag; only its high 32 bits are used (the low 32 are set per entry)
 * @param groupIdBase  first owned group id, {@code >= 1}
 * @param groupIdCount number of owned group ids, 1 to 2^28 (their cookie ids must fit 28 bits);
 *                     ids stay below OFPG_MAX
 */
public record Ownership(long cookieTag, int groupIdBase, int groupIdCount) {
    /** Mask selecting the owner tag of a cookie. */
    public static final long TAG_MASK = 0xffffffff00000000L;
    /** Cookie kind of an ingress flow (destination prefix → group). */
    public static final long KIND_INGRESS = 1;
    /** Cookie kind of a transit or egress flow (label → port). */
    public static final long KIND_TUNNEL = 2;
    /** Bits of a cookie below its entry id, holding the kind. */
    private static final int KIND_BITS = 4;
    /** Entry ids a cookie holds: 2^28. */
    static final long MAX_ENTRY_IDS = 1L << (32 - KIND_BITS);

    /** Default: tag {@code 0x7e5b0001}, groups 0x10000.. (65,536 to 1,114,111). */
    public static final Ownership DEFAULT = new Ownership(0x7e5b0001L << 32, 0x10000, 0x100000);

    public Ownership {
        cookieTag &= TAG_MASK;
        if (cookieTag == 0) {
            throw new IllegalArgumentException("cookieTag's high 32 bits must not be 0: "
                    + "cookie 0 is what entries added by hand get");
        }
        if (groupIdBase < 1 || groupIdCount < 1 || (long) groupIdBase + groupIdCount > 0xffffff00L) {
            throw new IllegalArgumentException("owned group ids [%d, +%d) must lie in [1, 0xffffff00]"
                    .formatted(groupIdBase, groupIdCount));
        }
        if (groupIdCount > MAX_ENTRY_IDS) {
            throw new IllegalArgumentException("owned group count %d exceeds %d: an ingress flow's cookie holds its group's offset in 28 bits"
                    .formatted(groupIdCount, MAX_ENTRY_IDS));
        }
    }

    /** @return the cookie of a tunnel's label entry, unique to the label */
    public long tunnelCookie(int label) {
        return cookie(KIND_TUNNEL, label);
    }

    /** @return the cookie of the ingress flow sending into {@code groupId} (an owned id), unique to it */
    public long ingressCookie(int groupId) {
        if (!ownsGroup(groupId)) {
            throw new IllegalArgumentException("group id %d is outside the owned range [%d, +%d)"
                    .formatted(groupId, groupIdBase, groupIdCount));
        }
        return cookie(KIND_INGRESS, groupId - groupIdBase);
    }

    private long cookie(long kind, long id) {
        if (id < 0 || id >= MAX_ENTRY_IDS) {
            throw new IllegalArgumentException("cookie entry id %d must lie in [0, 2^28)".formatted(id));
        }
        return cookieTag | id << KIND_BITS | kind;
    }

    /**
     * @return the entry kind a cookie of ours carries ({@link #KIND_INGRESS}, {@link #KIND_TUNNEL});
     *         builds before the per-entry cookie wrote the kind alone, in the same bits
     */
    public static long kind(long cookie) {
        return cookie & ((1L << KIND_BITS) - 1);
    }

    /** @return true if a flow with this cookie is ours */
    public boolean ownsFlow(long cookie) {
        return (cookie & TAG_MASK) == cookieTag;
    }

    /** @return true if the group id is in our range */
    public boolean ownsGroup(int groupId) {
        return groupId >= groupIdBase && groupId - groupIdBase < groupIdCount;
    }
}
