package te.southbound.openflow;

/**
 * An OpenFlow 1.3 action (§7.2.5): the ones a weighted tunnel needs; anything else a switch
 * reports decodes to {@link Other}.
 */
public sealed interface Action {
    /**
     * Output to a port (OFPAT_OUTPUT), a 32-bit port number or reserved port. Not range-checked:
     * decoded values come from the switch; the desired-state records validate what we send.
     */
    record Output(int port) implements Action {
    }

    /** Push an MPLS shim (OFPAT_PUSH_MPLS), {@code ethType} 0x8847 (unicast) or 0x8848. */
    record PushMpls(int ethType) implements Action {
    }

    /** Pop the outermost MPLS shim (OFPAT_POP_MPLS); {@code ethType} is the payload's, e.g. 0x0800. */
    record PopMpls(int ethType) implements Action {
    }

    /** Push an 802.1Q tag (OFPAT_PUSH_VLAN), {@code ethType} 0x8100 or 0x88a8. */
    record PushVlan(int ethType) implements Action {
    }

    /** Pop the outer VLAN tag (OFPAT_POP_VLAN). */
    record PopVlan() implements Action {
    }

    /** Set a header field (OFPAT_SET_FIELD), e.g. the MPLS label after a push. */
    record SetField(OxmField field) implements Action {
        public SetField {
            java.util.Objects.requireNonNull(field, "field");
        }
    }

    /** Process the packet through a group (OFPAT_GROUP). */
    record Group(int groupId) implements Action {
    }

    /** An action this codec does not interpret: its type and the bytes after type and length. */
    record Other(int type, Octets body) implements Action {
    }
}
