package te.southbound;

/**
 * One switch port's traffic counters as the switch reported them (since the port came up).
 *
 * @param dpid           the switch
 * @param portNo         the OpenFlow port
 * @param rxBytes        bytes received
 * @param txBytes        bytes sent
 * @param rxPackets      packets received
 * @param txPackets      packets sent
 * @param dropped        packets dropped, both directions
 * @param errors         receive and transmit errors
 * @param durationNanos  time the port has been up, ns (0 when the switch does not say)
 */
public record PortCounters(Dpid dpid, int portNo, long rxBytes, long txBytes, long rxPackets, long txPackets, long dropped,
                           long errors, long durationNanos) {
}
