package te.southbound.openflow;

import java.util.Comparator;
import java.util.List;

/**
 * An OXM match (§7.2.3). Fields are kept sorted by OXM field number: that puts prerequisites
 * (eth_type) before dependent fields (ipv4_dst, mpls_label) as switches require, and it is the
 * order Open vSwitch reports them in, so a match read back equals the one sent.
 *
 * <p>A value class rather than a record only to keep its hash: a push compares and looks up
 * hundreds of thousands of flow keys by match (a new master's first push on Cogentco diffs 640,000
 * entries), and a record rehashes its field list on every lookup.
 */
public final class Match {
    /** Field order: by field number, then class: a Nicira register (class 1, field 0) and in_port (0x8000, 0) are different fields. */
    private static final Comparator<OxmField> ORDER = Comparator.comparingInt(OxmField::field).thenComparingInt(OxmField::oxmClass);

    /** The empty match (matches every packet). */
    public static final Match ALL = new Match(List.of());

    private final List<OxmField> fields;
    private final int hash;

    /**
     * @param fields the match fields, at most one per field number, in any order
     * @throws IllegalArgumentException naming the field that appears twice
     */
    public Match(List<OxmField> fields) {
        fields = List.copyOf(fields);
        if (!sorted(fields)) {
            fields = fields.stream().sorted(ORDER).toList();
        }
        for (int i = 1; i < fields.size(); i++) {
            if (ORDER.compare(fields.get(i), fields.get(i - 1)) == 0) {
                throw new IllegalArgumentException("match has OXM class 0x%04x field %d twice: %s"
                        .formatted(fields.get(i).oxmClass(), fields.get(i).field(), fields));
            }
        }
        this.fields = fields;
        this.hash = fields.hashCode();
    }

    /** @return the match fields, sorted by OXM field number (then class) */
    public List<OxmField> fields() {
        return fields;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Match m && m.hash == hash && m.fields.equals(fields);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "Match[fields=" + fields + "]";
    }

    private static boolean sorted(List<OxmField> fields) {
        for (int i = 1; i < fields.size(); i++) {
            if (ORDER.compare(fields.get(i - 1), fields.get(i)) > 0) {
                return false;
            }
        }
        return true;
    }

    /** @return the MPLS label this match requires (a tunnel's label entry), if any */
    public java.util.OptionalInt mplsLabel() {
        for (OxmField f : fields) {
            if (f instanceof OxmField.MplsLabel l) {
                return java.util.OptionalInt.of(l.label());
            }
        }
        return java.util.OptionalInt.empty();
    }

    /** @return a match of the given fields in any order */
    public static Match of(OxmField... fields) {
        return new Match(List.of(fields));
    }
}
