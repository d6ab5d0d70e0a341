package te.southbound.openflow;

/**
 * One port's counters in an OFPMP_PORT_STATS reply ({@code ofp_port_stats}, §7.3.5.6). The
 * frame, overrun, CRC and collision counters are not kept. Counters are unsigned 64-bit on the
 * wire; a switch that does not count something sends all ones.
 *
 * @param portNo     OpenFlow port number
 * @param rxPackets  packets received
 * @param txPackets  packets sent
 * @param rxBytes    bytes received
 * @param txBytes    bytes sent
 * @param rxDropped  packets dropped on receipt
 * @param txDropped  packets dropped on sending
 * @param rxErrors   receive errors
 * @param txErrors   transmit errors
 * @param durationS  time the port has been up, whole seconds
 * @param durationNs and the nanoseconds beyond them
 */
public record PortStats(int portNo, long rxPackets, long txPackets, long rxBytes, long txBytes, long rxDropped, long txDropped,
                        long rxErrors, long txErrors, long durationS, long durationNs) {
    /** Bytes of {@code ofp_port_stats} on the wire. */
    static final int LENGTH = 112;
}
