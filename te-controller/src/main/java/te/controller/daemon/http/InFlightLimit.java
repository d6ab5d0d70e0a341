package te.controller.daemon.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponse;

/**
 * Stops reading a connection while {@value #MAX_IN_FLIGHT} of its requests are being answered,
 * or while its answers wait to be sent (the channel is not writable), and reads again when that
 * clears. A client that pipelines requests and never reads the answers would otherwise make the
 * daemon decode every request and keep every answer (2.2 GB from one connection in a review).
 * Sits after the aggregator, on the I/O thread: it sees each whole request go to the API and
 * each answer come back. Its count and the channel's read flag are touched on that thread only:
 * an answer's promise is completed where the API wrote it (its handler pool), and Netty runs a
 * read flag changed from there later, as a task that failed with a NullPointerException warning
 * once the connection had closed (soak review: 46 stack traces in 26 minutes).
 */
class InFlightLimit extends ChannelDuplexHandler {
    /** Requests of one connection answered at once; HTTP/1.1 answers them in order anyway. */
    static final int MAX_IN_FLIGHT = 16;
    private int inFlight;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FullHttpRequest) {
            inFlight++;
            update(ctx);
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse) {
            ChannelPromise p = promise.unvoid();
            p.addListener(f -> onEventLoop(ctx, () -> {
                inFlight--;
                update(ctx);
            }));
            ctx.write(msg, p);
            return;
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        update(ctx);
        ctx.fireChannelWritabilityChanged();
    }

    private static void onEventLoop(ChannelHandlerContext ctx, Runnable task) {
        if (ctx.executor().inEventLoop()) {
            task.run();
        } else {
            ctx.executor().execute(task);
        }
    }

    /** Runs on the channel's event loop only. */
    void update(ChannelHandlerContext ctx) {
        if (!ctx.channel().isRegistered()) {
            return; // closed: nothing more to read
        }
        boolean read = inFlight < MAX_IN_FLIGHT && ctx.channel().isWritable();
        if (ctx.channel().config().isAutoRead() != read) {
            ctx.channel().config().setAutoRead(read); // true also asks for the next read
        }
    }
}
