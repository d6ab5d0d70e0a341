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
 * @param dropped        packets dropped, both directions (-1 when the switch counts neither)
 * @param errors         receive and transmit errors (-1 when the switch counts neither)
 * @param durationNanos  time the port has been up, ns (0 when the switch does not say, or only in whole seconds)
 * @param readNanos      {@link System#nanoTime()} when this switch's reply arrived
 */
public record PortCounters(Dpid dpid, int portNo, long rxBytes, long txBytes, long rxPackets, long txPackets, long dropped,
                           long errors, long durationNanos, long readNanos) {
}
