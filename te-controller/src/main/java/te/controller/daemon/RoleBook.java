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
public final class RoleBook {
    private static final Logger LOG = LoggerFactory.getLogger(RoleBook.class);
    /** What a role file holds, for messages about one that does not. */
    public static final String FORM = "'EQUAL|MASTER|SLAVE GENERATION'";
    private final StateStore store;

    RoleBook(StateStore store) {
        this.store = store;
    }

    /**
     * Persists {@code claim} durably as {@code ROLE GENERATION} (the generation id unsigned: it may
     * exceed a state file's version range).
     *
     * @throws java.io.UncheckedIOException when it cannot (nothing is then claimed)
     */
    void save(RoleClaim claim) {
        store.save(StateStore.ROLE, 1, text(claim).getBytes(StandardCharsets.UTF_8));
    }

    /** @return {@code ROLE GENERATION}, e.g. {@code MASTER 42}: what the role file holds */
    static String text(RoleClaim claim) {
        return claim.role().name() + " " + Long.toUnsignedString(claim.generationId());
    }

    /** @return the claim a role file holds, or empty when it is not {@code ROLE GENERATION} */
    public static Optional<RoleClaim> parse(String text) {
        String[] w = text.split(" ", -1);
        try {
            return w.length == 2 ? Optional.of(new RoleClaim(ControllerRole.valueOf(w[0]), Long.parseUnsignedLong(w[1]))) : Optional.empty();
        } catch (IllegalArgumentException e) { // NumberFormatException included
            return Optional.empty();
        }
    }

    /** @return the stored claim, if any and readable (an unreadable file is set aside and logged) */
    Optional<RoleClaim> stored() {
        return store.load(StateStore.ROLE).flatMap(s -> {
            String text = new String(s.payload(), StandardCharsets.UTF_8);
            Optional<RoleClaim> claim = parse(text);
            if (claim.isEmpty()) {
                store.setAside(StateStore.ROLE, "'%s' is not %s".formatted(text, FORM));
            }
            return claim;
        });
    }

    /**
     * The claim to start with, before any switch connects: the one stored in {@code stateDir} when
     * it is newer than the flags' ({@link #newerThan}), else the flags'. Read-only: an unreadable
     * file is logged here and set aside when the daemon opens its state.
     */
    public static RoleClaim atStart(java.nio.file.Path stateDir, RoleClaim flags) {
        Optional<RoleClaim> stored;
        try {
            stored = te.controller.daemon.state.StateFile.read(stateDir.resolve(StateStore.ROLE + ".state"), StateStore.ROLE)
                    .flatMap(s -> parse(new String(s.payload(), StandardCharsets.UTF_8)));
        } catch (java.io.IOException | te.controller.daemon.state.CorruptStateException e) {
            LOG.warn("the stored role claim in {} is unreadable ({}); the flags' {} holds", stateDir, e.getMessage(), flags);
            return flags;
        }
        Optional<RoleClaim> newer = newerThan(stored, flags);
        newer.ifPresent(c -> LOG.info("claiming the role {} set through the API before this start: newer than the flags' {}", c, flags));
        return newer.orElse(flags);
    }

    /**
     * @return the stored claim when it is from a newer election than {@code flags} (generation ids
     *         compared as switches do, by signed 64-bit distance; flags without a role, EQUAL, never
     *         override a stored MASTER or SLAVE claim: with another controller present an equal one
     *         would write beside its master), else empty
     */
    Optional<RoleClaim> newerThan(RoleClaim flags) {
        return newerThan(stored(), flags);
    }

    private static Optional<RoleClaim> newerThan(Optional<RoleClaim> stored, RoleClaim flags) {
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
