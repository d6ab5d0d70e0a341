package te.southbound;

import java.util.Objects;

/**
 * A switch port as the switch reports it.
 *
 * @param portNo OpenFlow port number
 * @param name   interface name
 * @param up     whether it can carry traffic: present, not administratively down, link detected
 */
public record PortState(int portNo, String name, boolean up) {
    public PortState {
        Objects.requireNonNull(name, "name");
    }
}
