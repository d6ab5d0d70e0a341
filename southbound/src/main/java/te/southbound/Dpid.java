package te.southbound;

/**
 * An OpenFlow datapath id: the 64-bit switch identity from FEATURES_REPLY.
 *
 * @param value the datapath id as an unsigned 64-bit value
 */
public record Dpid(long value) implements Comparable<Dpid> {

    /** Parses hex with or without {@code 0x} and colons ({@code 00:00:00:00:00:00:00:0a}). */
    public static Dpid parse(String text) {
        String hex = text.strip().replace(":", "");
        if (hex.startsWith("0x") || hex.startsWith("0X")) {
            hex = hex.substring(2);
        }
        if (hex.isEmpty() || hex.length() > 16) {
            throw new IllegalArgumentException("datapath id must be 1-16 hex digits, got '" + text + "'");
        }
        try {
            return new Dpid(Long.parseUnsignedLong(hex, 16));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("datapath id must be hex, got '" + text + "'", e);
        }
    }

    @Override
    public int compareTo(Dpid o) {
        return Long.compareUnsigned(value, o.value);
    }

    /** @return 16 hex digits, as {@code ovs-ofctl} prints it */
    @Override
    public String toString() {
        return "%016x".formatted(value);
    }
}
