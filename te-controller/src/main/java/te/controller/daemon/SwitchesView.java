package te.controller.daemon;

/** What the daemon shows of its switches ({@code GET /v1/switches}, metrics); implemented by the OpenFlow publisher. */
public interface SwitchesView {
    /** @return the connected switches and the last push, as JSON-ready maps and lists; called per request */
    Object render();

    /** @return switches connected now whose datapath id is in the wiring */
    int connected();

    /** @return the newest allocation version confirmed without error on every switch it needs, none missing (0: none yet) */
    long confirmedVersion();

    /** @return arcs kept down now because their ports flap, though the ports may be up */
    int dampedLinks();
}
