package te.controller.daemon.state;

import static java.util.Objects.requireNonNull;

/**
 * One verified state file's content.
 *
 * @param kind    what the payload is ({@code demands}, {@code links}, {@code allocation})
 * @param version the version the payload had when it was acknowledged, {@code >= 0}
 * @param payload the bytes, checksum verified (not copied: they can be tens of MB)
 */
public record StoredState(String kind, long version, byte[] payload) {
    public StoredState {
        requireNonNull(kind, "kind");
        requireNonNull(payload, "payload");
        if (version < 0) {
            throw new IllegalArgumentException("state version must be >= 0, got " + version);
        }
    }
}
