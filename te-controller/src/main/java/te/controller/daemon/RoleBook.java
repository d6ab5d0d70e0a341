package te.controller.daemon;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.state.StateStore;
import te.southbound.RoleClaim;
import te.southbound.openflow.ControllerRole;

/**
 * The OpenFlow role claim set through {@code POST /v1/openflow/role}, kept in the state directory:
 * a standby promoted to master that restarts with its old flags ({@code --openflow-role slave
 * --openflow-generation 41}) would otherwise claim a stale role, be refused by every switch, and
 * program nothing. At start the stored claim wins when its generation id is newer than the flags'.
 */
final class RoleBook {
    private static final Logger LOG = LoggerFactory.getLogger(RoleBook.class);
    private final StateStore store;

    RoleBook(StateStore store) {
        this.store = store;
    }

    /** Persists {@code claim} durably; @throws java.io.UncheckedIOException when it cannot (nothing is then claimed) */
    void save(RoleClaim claim) {
        store.save(StateStore.ROLE, claim.generationId(), claim.role().name().getBytes(StandardCharsets.UTF_8));
    }

    /** @return the stored claim, if any and readable (an unreadable file is set aside and logged) */
    Optional<RoleClaim> stored() {
        return store.load(StateStore.ROLE).flatMap(s -> {
            String role = new String(s.payload(), StandardCharsets.UTF_8);
            try {
                return Optional.of(new RoleClaim(ControllerRole.valueOf(role), s.version()));
            } catch (IllegalArgumentException e) {
                store.setAside(StateStore.ROLE, "role '%s' is not EQUAL, MASTER or SLAVE".formatted(role));
                return Optional.empty();
            }
        });
    }

    /**
     * @return the stored claim when it is from a newer election than {@code flags} (generation ids
     *         compared as switches do, by signed 64-bit distance), else empty
     */
    Optional<RoleClaim> newerThan(RoleClaim flags) {
        Optional<RoleClaim> stored = stored();
        if (stored.isEmpty() || stored.get().equals(flags)) {
            return Optional.empty();
        }
        RoleClaim s = stored.get();
        boolean newer = flags.role() == ControllerRole.EQUAL ? s.role() != ControllerRole.EQUAL
                : s.role() != ControllerRole.EQUAL && s.generationId() - flags.generationId() > 0;
        if (!newer) {
            LOG.info("the role claim {} set through the API before this start is not newer than the flags' {}; the flags' holds",
                    s, flags);
            return Optional.empty();
        }
        return stored;
    }
}
