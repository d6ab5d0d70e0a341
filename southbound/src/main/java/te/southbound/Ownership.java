package te.southbound;

/**
 * Which switch entries belong to this controller, so resync deletes stale entries of ours and
 * never anyone else's: flows whose cookie's high 32 bits equal {@code cookieTag}'s, and groups
 * with ids in {@code [groupIdBase, groupIdBase + groupIdCount)}.
 *
 * @param cookieTag    owner tag; only the high 32 bits are used, the low bits say the entry kind
 * @param groupIdBase  first owned group id, {@code >= 1}
 * @param groupIdCount number of owned group ids, {@code >= 1}; ids stay below OFPG_MAX
 */
public record Ownership(long cookieTag, int groupIdBase, int groupIdCount) {
    /** Mask selecting the owner tag of a cookie. */
    public static final long TAG_MASK = 0xffffffff00000000L;
    /** Cookie kind of an ingress flow (destination prefix → group). */
    public static final long KIND_INGRESS = 1;
    /** Cookie kind of a transit or egress flow (label → port). */
    public static final long KIND_TUNNEL = 2;

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
    }

    /** @return the cookie for an entry of the given kind */
    public long cookie(long kind) {
        return cookieTag | kind;
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
