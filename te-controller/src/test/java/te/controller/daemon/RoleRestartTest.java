package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.state.StateStore;
import te.southbound.RoleClaim;
import te.southbound.openflow.ControllerRole;

/** A role claimed through the API outlives a restart with older flags, and only then. */
class RoleRestartTest {
    @TempDir
    Path dir;

    /** Switches that grant every claim and record it, starting from the flags' claim. */
    private static final class RecordingSwitches implements SwitchesView {
        final List<RoleClaim> asked = new CopyOnWriteArrayList<>();
        private volatile RoleClaim claim;

        RecordingSwitches(RoleClaim flags) {
            this.claim = flags;
        }

        @Override
        public RoleOutcome requestRole(RoleClaim c) {
            asked.add(c);
            claim = c;
            return new RoleOutcome(true, java.util.Map.of());
        }

        @Override
        public RoleClaim role() {
            return claim;
        }

        @Override
        public Object render() {
            return java.util.Map.of();
        }

        @Override
        public int connected() {
            return 0;
        }

        @Override
        public int programmed() {
            return 0;
        }

        @Override
        public long confirmedVersion() {
            return 0;
        }

        @Override
        public int dampedLinks() {
            return 0;
        }

        @Override
        public List<String> clearDamping(int arc) {
            return List.of();
        }
    }

    @Test
    void aClaimMadeThroughTheApiIsClaimedAgainAfterARestartWithOlderFlags() throws Exception {
        RoleClaim flags = new RoleClaim(ControllerRole.SLAVE, 41);
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            RecordingSwitches switches = new RecordingSwitches(flags);
            d.daemon.showSwitches(switches);
            assertThat(switches.asked).isEmpty(); // nothing stored yet
            assertThat(d.send("POST", "/v1/openflow/role", "application/json", "{\"role\":\"master\",\"generation\":42}").statusCode())
                    .isEqualTo(200);
        }
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            RecordingSwitches switches = new RecordingSwitches(flags);
            d.daemon.showSwitches(switches);
            assertThat(switches.asked).containsExactly(new RoleClaim(ControllerRole.MASTER, 42));
            // Generation ids use all 64 bits: the largest survives a restart too.
            assertThat(d.send("POST", "/v1/openflow/role", "application/json", "{\"role\":\"master\",\"generation\":18446744073709551615}")
                    .statusCode()).isEqualTo(200);
        }
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // Newer as switches compare: by signed 64-bit distance, 2^64 - 1 is 4 after 2^64 - 5 (and before 41).
            RecordingSwitches switches = new RecordingSwitches(new RoleClaim(ControllerRole.SLAVE, -5));
            d.daemon.showSwitches(switches);
            assertThat(switches.asked).containsExactly(new RoleClaim(ControllerRole.MASTER, -1));
            assertThat(d.send("POST", "/v1/openflow/role", "application/json", "{\"role\":\"master\",\"generation\":42}").statusCode())
                    .isEqualTo(200);
        }
        // Flags from a newer election win over the stored claim; so do flags of the same generation.
        for (RoleClaim newer : List.of(new RoleClaim(ControllerRole.MASTER, 43), new RoleClaim(ControllerRole.SLAVE, 42))) {
            try (DaemonFixture d = DaemonFixture.start(dir)) {
                RecordingSwitches switches = new RecordingSwitches(newer);
                d.daemon.showSwitches(switches);
                assertThat(switches.asked).as(newer.toString()).isEmpty();
            }
        }
    }

    @Test
    void teServeStartsItsSwitchesWithTheStoredClaimWhenItIsNewer() throws Exception {
        RoleClaim flags = new RoleClaim(ControllerRole.SLAVE, 41);
        assertThat(RoleBook.atStart(dir, flags)).isEqualTo(flags); // nothing stored
        try (StateStore store = new StateStore(dir)) {
            store.save(StateStore.ROLE, 1, "MASTER 42".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(RoleBook.atStart(dir, flags)).isEqualTo(new RoleClaim(ControllerRole.MASTER, 42));
        assertThat(RoleBook.atStart(dir, RoleClaim.EQUAL)).as("flags without a role never override a stored claim")
                .isEqualTo(new RoleClaim(ControllerRole.MASTER, 42));
        assertThat(RoleBook.atStart(dir, new RoleClaim(ControllerRole.SLAVE, 43))).isEqualTo(new RoleClaim(ControllerRole.SLAVE, 43));
        java.nio.file.Files.writeString(dir.resolve("role.state"), "garbage");
        assertThat(RoleBook.atStart(dir, flags)).isEqualTo(flags);
    }

    @Test
    void aRefusedBodyStoresNothingAndAnUnreadableStoredRoleIsSetAside() throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.daemon.showSwitches(new RecordingSwitches(RoleClaim.EQUAL));
            assertThat(d.send("POST", "/v1/openflow/role", "application/json", "{\"role\":\"master\"}").statusCode()).isEqualTo(400);
        }
        assertThat(dir.resolve("role.state")).doesNotExist();
        try (StateStore store = new StateStore(dir)) {
            store.save(StateStore.ROLE, 1, "OWNER 9".getBytes(StandardCharsets.UTF_8));
        }
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            RecordingSwitches switches = new RecordingSwitches(RoleClaim.EQUAL);
            d.daemon.showSwitches(switches);
            assertThat(switches.asked).isEmpty();
        }
        assertThat(dir.resolve("role.state")).doesNotExist();
        try (var files = java.nio.file.Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).anyMatch(n -> n.startsWith("role.state.corrupt-"));
        }
    }
}
