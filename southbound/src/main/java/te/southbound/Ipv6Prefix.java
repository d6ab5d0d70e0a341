package te.southbound;

import io.netty.util.NetUtil;
import java.nio.ByteBuffer;

/**
 * An IPv6 prefix such as {@code 2001:db8:7::/48}; host bits must be zero.
 *
 * @param high   the first 64 bits of the network address, big-endian
 * @param low    the last 64 bits of the network address, big-endian
 * @param length prefix length in bits, 0..128
 */
public record Ipv6Prefix(long high, long low, int length) implements IpPrefix {
    private static final String FORM = "IPv6 prefix must look like 2001:db8:7::/48";

    public Ipv6Prefix {
        if (length < 0 || length > 128) {
            throw new IllegalArgumentException("IPv6 prefix length must be in [0, 128], got " + length);
        }
        if ((high & ~maskHigh(length)) != 0 || (low & ~maskLow(length)) != 0) {
            throw new IllegalArgumentException("prefix %s/%d has host bits set; maybe %s/%d".formatted(
                    text(high, low), length, text(high & maskHigh(length), low & maskLow(length)), length));
        }
    }

    /** Parses {@code ADDRESS/LEN}, the address in any RFC 4291 text form (no zone, no DNS). */
    public static Ipv6Prefix parse(String text) {
        String[] parts = text.strip().split("/", -1);
        // Netty's parser reads literals only, so a bad address never turns into a name lookup. It
        // also reads more than a prefix should be: it drops a zone (%eth0, which names a link),
        // takes brackets, and turns the deprecated IPv4-compatible ::a.b.c.d into ::ffff:a.b.c.d.
        String address = parts[0];
        boolean plain = parts.length == 2 && address.indexOf('%') < 0 && address.indexOf('[') < 0
                && (address.indexOf('.') < 0 || address.toLowerCase(java.util.Locale.ROOT).startsWith("::ffff:"));
        byte[] bytes = plain ? NetUtil.createByteArrayFromIpAddressString(address) : null;
        if (bytes == null || bytes.length != 16 || !address.contains(":")) {
            throw new IllegalArgumentException(FORM + ", got '" + text + "'");
        }
        int length;
        try {
            length = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(FORM + ", got '" + text + "'", e);
        }
        if (length < 0 || length > 128) {
            throw new IllegalArgumentException("IPv6 prefix '%s': length must be in [0, 128], got %d".formatted(text.strip(), length));
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        return new Ipv6Prefix(b.getLong(), b.getLong(), length);
    }

    @Override
    public IpVersion version() {
        return IpVersion.V6;
    }

    /** @return the first 64 bits of the netmask */
    public long maskHigh() {
        return maskHigh(length);
    }

    /** @return the last 64 bits of the netmask */
    public long maskLow() {
        return maskLow(length);
    }

    private static long maskHigh(int length) {
        return length == 0 ? 0 : length >= 64 ? -1 : -1L << (64 - length);
    }

    private static long maskLow(int length) {
        return length <= 64 ? 0 : length == 128 ? -1 : -1L << (128 - length);
    }

    private static String text(long high, long low) {
        return NetUtil.bytesToIpAddress(ByteBuffer.allocate(16).putLong(high).putLong(low).array());
    }

    @Override
    public String toString() {
        return text(high, low) + "/" + length;
    }
}
