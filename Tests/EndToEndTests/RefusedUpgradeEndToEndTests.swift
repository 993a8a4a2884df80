// Never "online" without an event socket, as a person sees it: claudepm talks to the demo server
// through a proxy of our own that, once the UI is online, drops the link and answers every
// WebSocket upgrade 502 while REST still passes (a proxy whose WebSocket backend is down). Across
// several refused attempts the status line never says online; once upgrades pass again, C-r
// (retry now) brings it back online. And with REST answers held back, a resync whose socket died
// while it was under way lands late and is dropped: still never online.
import Foundation
import LatencyProxy
import Synchronization
import TestSupport
import Testing

@Suite(
    "UI refused upgrades", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct RefusedUpgradeEndToEndTests {
    @Test("with upgrades refused and REST answered, the server is never shown online; C-r brings it back")
    func refusedUpgradesAreNeverOnline() async throws {
        try await UIWorld.with(proxy: ProxyProfile()) { world in
            let proxy = try #require(world.proxy)
            try #require(await world.waitForSessions().ok, "the sessions were never listed")
            proxy.refusesUpgrades = true
            let accepted = proxy.acceptedConnections
            proxy.dropConnections()
            let down = await world.tmux.waitForScreen(timeout: 30) { !$0.contains("· online") }
            try #require(down.ok, "the dropped link still shows online:\n\(down.screen)")
            let sawOnline = Mutex<String?>(nil)
            let refused = await world.tmux.waitForScreen(timeout: 60) { screen in
                if screen.contains("· online") { sawOnline.withLock { $0 = $0 ?? screen } }
                return screen.contains("try 4")
            }
            #expect(refused.ok, "the retries never reached a fourth try:\n\(refused.screen)")
            #expect(proxy.acceptedConnections >= accepted + 3, "the attempts did not reach the proxy")
            if let screen = sawOnline.withLock({ $0 }) {
                Issue.record("online with every upgrade refused:\n\(screen)")
            }
            proxy.refusesUpgrades = false
            let back = try await world.tmux.press("C-r", timeout: 60) { $0.contains("· online") }
            #expect(back.ok, "not online again once upgrades passed:\n\(back.screen)")
            try await world.quitAndExpectRestored()
        }
    }

    @Test("a resync that lands after its socket died does not make the server online")
    func aLateResyncOfADeadSocketIsNotOnline() async throws {
        try await UIWorld.with(proxy: ProxyProfile()) { world in
            let proxy = try #require(world.proxy)
            try #require(await world.waitForSessions().ok, "the sessions were never listed")
            // Each REST answer from now on comes 300 ms late; the link is dropped and comes back.
            proxy.restDelay = .milliseconds(300)
            let before = proxy.acceptedConnections
            proxy.dropConnections()
            // Every connection was dropped, so a REST request on a new one means the socket is open
            // again and its resync under way.
            let reopened = await eventually(within: 30) {
                proxy.acceptedConnections > before && proxy.upgradedConnections > 0 && proxy.plainConnections > 0
            }
            try #require(reopened, "the event socket did not open again and resync")
            // Its resync is under way (held by the proxy): the socket dies, and no other opens.
            proxy.refusesUpgrades = true
            proxy.dropUpgradedConnections()
            let sawOnline = Mutex<String?>(nil)
            let refused = await world.tmux.waitForScreen(timeout: 60) { screen in
                if screen.contains("· online") { sawOnline.withLock { $0 = $0 ?? screen } }
                return screen.contains("try 4")
            }
            #expect(refused.ok, "the retries never reached a fourth try:\n\(refused.screen)")
            if let screen = sawOnline.withLock({ $0 }) {
                Issue.record("online from a resync whose socket had died:\n\(screen)")
            }
            // The late resync did land (and was dropped), so the check above saw the case it guards.
            let log = world.server.directory.appendingPathComponent("home/.local/state/claudepm/claudepm.log")
            let dropped = await eventually(within: 30) {
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("finished after its link went down")
            }
            #expect(dropped, "the held resync never landed: the test did not see the case it guards")
            proxy.refusesUpgrades = false
            proxy.restDelay = .zero
            let back = try await world.tmux.press("C-r", timeout: 60) { $0.contains("· online") }
            #expect(back.ok, "not online again once upgrades passed:\n\(back.screen)")
            try await world.quitAndExpectRestored()
        }
    }
}
