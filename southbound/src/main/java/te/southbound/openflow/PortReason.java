package te.southbound.openflow;

/** Why a switch sent OFPT_PORT_STATUS ({@code ofp_port_reason}); wire value = ordinal. */
public enum PortReason {
    ADD, DELETE, MODIFY
}
