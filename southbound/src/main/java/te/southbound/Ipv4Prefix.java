package te.southbound;

/**
 * An IPv4 prefix such as {@code 10.3.0.0/16}; host bits must be zero.
 *
 * @param address the network address, big-endian in an int
 * @param length  prefix length in bits, 0..32
 */
public record Ipv4Prefix(int address, int length) implements IpPrefix {
    public Ipv4Prefix {
        if (length < 0 || length > 32) {
            throw new IllegalArgumentException("prefix length must be in [0, 32], got " + length);
        }
        if ((address & ~mask(length)) != 0) {
            throw new IllegalArgumentException("prefix %s/%d has host bits set; maybe %s/%d"
                    .formatted(dotted(address), length, dotted(address & mask(length)), length));
        }
    }

    /** Parses {@code a.b.c.d/len}. */
    public static Ipv4Prefix parse(String text) {
        String[] parts = text.strip().split("/", -1);
        String[] octets = parts[0].split("\\.", -1);
        if (parts.length != 2 || octets.length != 4) {
            throw new IllegalArgumentException("IPv4 prefix must look like 10.1.0.0/16, got '" + text + "'");
        }
        try {
            int address = 0;
            for (String o : octets) {
                int v = Integer.parseInt(o);
                if (v < 0 || v > 255) {
                    throw new IllegalArgumentException("octet " + v + " out of range in '" + text + "'");
                }
                address = address << 8 | v;
            }
            int length = Integer.parseInt(parts[1]);
            if (length < 0 || length > 32) {
                throw new IllegalArgumentException("IPv4 prefix '%s': length must be in [0, 32], got %d".formatted(text.strip(), length));
            }
            return new Ipv4Prefix(address, length);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("IPv4 prefix must look like 10.1.0.0/16, got '" + text + "'", e);
        }
    }

    @Override
    public IpVersion version() {
        return IpVersion.V4;
    }

    /** @return the netmask, e.g. 0xffff0000 for /16 */
    public int mask() {
        return mask(length);
    }

    private static int mask(int length) {
        return length == 0 ? 0 : -1 << (32 - length);
    }

    private static String dotted(int a) {
        return "%d.%d.%d.%d".formatted(a >>> 24, a >>> 16 & 0xff, a >>> 8 & 0xff, a & 0xff);
    }

    @Override
    public String toString() {
        return dotted(address) + "/" + length;
    }
}
