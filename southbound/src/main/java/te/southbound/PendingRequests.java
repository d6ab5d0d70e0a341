package te.southbound;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import te.southbound.openflow.OfMessage;

/**
 * Correlates one switch's replies with our requests by xid: barrier-closed batches (collecting the
 * OFPT_ERRORs of the batch's messages) and multipart requests (collecting reply parts).
 * Registered before the request is written, so a reply can never arrive first.
 */
final class PendingRequests {
    /** Errors kept per batch: a switch flooding errors for one batch must not fill the heap. */
    static final int MAX_ERRORS_PER_BATCH = 100;
    /**
     * Reply parts accepted per multipart request, 2,048 parts of at most 64 KiB: about 1.5 million
     * flow entries, beyond any table this controller writes; a switch sending more is failed. The
     * frame decoder also caps a reply's wire bytes ({@link te.southbound.openflow.OfFrameDecoder#MAX_MULTIPART_BYTES}).
     */
    static final int MAX_PARTS = 2048;
    private final AtomicInteger nextXid = new AtomicInteger(1);
    private final Map<Integer, OfMessage> inFlight = new ConcurrentHashMap<>();
    private final Map<Integer, BatchWaiter> batches = new ConcurrentHashMap<>();
    private final Map<Integer, MultipartWaiter> multiparts = new ConcurrentHashMap<>();
    /** Barrier xids whose batches timed out, oldest first: a late reply to one still shows the switch is alive. */
    private final java.util.Set<Integer> lateBarriers = new java.util.LinkedHashSet<>();
    private static final int MAX_LATE_BARRIERS = 64;

    private record BatchWaiter(int firstXid, List<SwitchError> errors, CompletableFuture<List<SwitchError>> done) {
    }

    private record MultipartWaiter(Class<? extends OfMessage.MultipartReply> expected, List<OfMessage> parts,
                                   CompletableFuture<List<OfMessage>> done) {
    }

    /** @return a fresh xid, never 0 (0 marks "no xid yet" in planned messages) */
    int nextXid() {
        int x = nextXid.getAndIncrement();
        return x == 0 ? nextXid.getAndIncrement() : x;
    }

    void track(OfMessage msg) {
        inFlight.put(msg.xid(), msg);
    }

    /** @return completes with the batch's errors at its barrier reply; failing it (a caller's timeout) forgets the batch */
    CompletableFuture<List<SwitchError>> awaitBarrier(int firstXid, int barrierXid) {
        BatchWaiter w = new BatchWaiter(firstXid, new ArrayList<>(), new CompletableFuture<>());
        batches.put(barrierXid, w);
        // A switch that never answers must not keep every batch's messages and errors in memory.
        w.done().whenComplete((errors, error) -> {
            if (error != null && batches.remove(barrierXid, w)) {
                forget(firstXid, barrierXid);
                synchronized (lateBarriers) {
                    lateBarriers.add(barrierXid);
                    if (lateBarriers.size() > MAX_LATE_BARRIERS) {
                        lateBarriers.remove(lateBarriers.iterator().next());
                    }
                }
            }
        });
        return w.done();
    }

    /**
     * @param expected the reply type the request asks for; a part of another type fails the request
     * @return completes with every part of the reply; failing it (e.g. a caller's timeout) forgets the request
     */
    CompletableFuture<List<OfMessage>> awaitMultipart(int xid, Class<? extends OfMessage.MultipartReply> expected) {
        MultipartWaiter w = new MultipartWaiter(expected, new ArrayList<>(), new CompletableFuture<>());
        multiparts.put(xid, w);
        // A switch that never answers must not leave one waiter per attempt behind.
        w.done().whenComplete((parts, error) -> {
            if (error != null) {
                multiparts.remove(xid, w);
            }
        });
        return w.done();
    }

    /** @return a description of the request the error is about */
    String describe(int xid) {
        OfMessage req = inFlight.get(xid);
        if (req != null) {
            return Summaries.of(req);
        }
        MultipartWaiter mp = multiparts.get(xid);
        return mp == null ? "unknown request" : "a request for " + mp.expected().getSimpleName();
    }

    /** Files an error under its batch, or fails its multipart request. Event loop only. */
    void onError(SwitchError error) {
        MultipartWaiter mp = multiparts.remove(error.xid());
        if (mp != null) {
            // The switch's answer, not a fault of the controller's: an IOException, told by its message.
            mp.done().completeExceptionally(new java.net.ProtocolException(error.toString()));
            return;
        }
        for (Map.Entry<Integer, BatchWaiter> e : batches.entrySet()) {
            if (between(e.getValue().firstXid(), error.xid(), e.getKey()) && e.getValue().errors().size() < MAX_ERRORS_PER_BATCH) {
                e.getValue().errors().add(error);
            }
        }
    }

    /** @return whether this answers a barrier of ours: one a batch awaits, or one whose batch gave up waiting (a late reply) */
    boolean onBarrierReply(int xid) {
        BatchWaiter w = batches.remove(xid);
        if (w != null) {
            forget(w.firstXid(), xid);
            w.done().complete(List.copyOf(w.errors()));
            return true;
        }
        synchronized (lateBarriers) {
            return lateBarriers.remove(xid);
        }
    }

    /** Drops the batch's messages from [firstXid, barrierXid): errors about them can no longer be described. */
    private void forget(int firstXid, int barrierXid) {
        for (int x = firstXid; x != barrierXid; x++) {
            inFlight.remove(x);
        }
    }

    /** @return true if the reply was awaited */
    boolean onMultipartPart(OfMessage.MultipartReply part) {
        boolean more = part.more();
        MultipartWaiter w = more ? multiparts.get(part.xid()) : multiparts.remove(part.xid());
        if (w == null) {
            return false;
        }
        if (!w.expected().isInstance(part)) {
            multiparts.remove(part.xid(), w);
            w.done().completeExceptionally(new java.net.ProtocolException("switch answered a request for %s with %s"
                    .formatted(w.expected().getSimpleName(), part instanceof OfMessage.UnreadMultipartReply u
                            ? "a multipart reply of type %d, which this controller does not read".formatted(u.multipartType())
                            : part.getClass().getSimpleName())));
            return true;
        }
        if (w.parts().size() >= MAX_PARTS) {
            multiparts.remove(part.xid(), w);
            w.done().completeExceptionally(new java.net.ProtocolException("switch sent more than %d parts for one %s"
                    .formatted(MAX_PARTS, w.expected().getSimpleName())));
            return true;
        }
        w.parts().add(part);
        if (!more) {
            w.done().complete(List.copyOf(w.parts()));
        }
        return true;
    }

    void failAll(Exception cause) {
        batches.values().forEach(w -> w.done().completeExceptionally(cause));
        multiparts.values().forEach(w -> w.done().completeExceptionally(cause));
        batches.clear();
        multiparts.clear();
        inFlight.clear();
    }

    private static boolean between(int first, int x, int last) {
        // xids count up and may wrap; compare distances instead of values
        return x - first >= 0 && last - x >= 0;
    }
}
