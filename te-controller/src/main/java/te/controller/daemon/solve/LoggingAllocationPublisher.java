package te.controller.daemon.solve;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.AllocationSnapshot;

/** Logs each new allocation: the stand-in until the southbound pusher is wired in. */
public final class LoggingAllocationPublisher implements AllocationPublisher {
    private static final Logger LOG = LoggerFactory.getLogger(LoggingAllocationPublisher.class);

    @Override
    public void publish(AllocationSnapshot a) {
        LOG.info("publish allocation version {}: {} commodities, {} Mbps routed, max utilisation {} ({}, demand version {}, topology version {})",
                a.version(), a.allocation().problem().commodities().size(), "%.3f".formatted(a.allocation().totalFlowMbps()),
                "%.4f".formatted(a.allocation().maxUtilisation()), a.info().method(), a.info().demandVersion(), a.info().topologyVersion());
    }
}
