package te.controller.daemon.http;

import java.util.Locale;

/**
 * Reads the weight a list header (Accept, Accept-Encoding; RFC 9110 §12.4.2) gives one value:
 * {@code gzip;q=0.5, *;q=0}. A value with q = 0, or with a q that is not a number in [0, 1], is
 * not acceptable.
 */
public final class QualityValues {
    private QualityValues() {
    }

    /**
     * @param header   the header's value (may be empty)
     * @param value    the value asked about, lowercase (e.g. {@code gzip}, {@code text/csv})
     * @param wildcard the entry standing for any value ({@code *} or {@code *}{@code /*}), used when
     *                 {@code value} is not listed
     * @return whether the header accepts {@code value} with a weight above 0
     */
    public static boolean accepts(String header, String value, String wildcard) {
        double listed = -1;
        double any = -1;
        for (String entry : header.toLowerCase(Locale.ROOT).split(",")) {
            String[] parts = entry.split(";", -1);
            String name = parts[0].strip();
            double q = 1;
            for (int i = 1; i < parts.length; i++) {
                String param = parts[i].replace(" ", "");
                if (param.startsWith("q=")) {
                    q = weight(param.substring(2));
                }
            }
            if (name.equals(value)) {
                listed = Math.max(listed, q);
            } else if (name.equals(wildcard)) {
                any = Math.max(any, q);
            }
        }
        return (listed >= 0 ? listed : any) > 0;
    }

    /** @return the q value, or 0 for one that is not a number in [0, 1] (such an entry is not trusted to accept) */
    private static double weight(String text) {
        if (!text.matches("[01](\\.\\d{0,3})?")) {
            return 0;
        }
        double q = Double.parseDouble(text);
        return q <= 1 ? q : 0;
    }
}
