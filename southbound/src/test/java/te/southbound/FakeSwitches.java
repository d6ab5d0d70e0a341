package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** In-memory switches with dpids 1..n on one event loop of their own, for tests of a whole pusher. */
final class FakeSwitches implements AutoCloseable {
    final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    final List<FakeSwitch> all = new ArrayList<>();

    FakeSwitches(int n) {
        for (int i = 1; i <= n; i++) {
            all.add(new FakeSwitch(i));
        }
    }

    /** Connects every switch to {@code pusher} and waits (5 s at most) until it has them all. */
    void connectTo(WeightPusher pusher) throws InterruptedException {
        for (FakeSwitch s : all) {
            s.connect(group, pusher.localAddress());
        }
        long deadline = System.currentTimeMillis() + 5_000;
        while (pusher.status().size() < all.size()) {
            assertThat(System.currentTimeMillis()).as("waiting for %d switches to connect", all.size()).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
