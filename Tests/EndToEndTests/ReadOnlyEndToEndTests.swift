// `claudepm --read-only` end to end: against the demo server in tmux, the wall still shows the
// agents' live screens and the header says READ-ONLY; an attached session says so in its status
// line, and a marker typed there never reaches the agent's own pane (read from the demo's tmux).
import Foundation
import Testing

@Suite(
    "read-only end to end", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct ReadOnlyEndToEndTests {
    @Test("claudepm --read-only watches and attaches, but typed keys never reach the session")
    func typedKeysNeverReachTheSession() async throws {
        try await UIWorld.with { world in
            // The world's own claudepm is writable; the read-only one runs in the same shell after it.
            try await world.quitAndExpectRestored()
            try await world.tmux.type(
                "clear; '\(Binaries.path("claudepm"))' --read-only --url \(world.server.url); echo claudepm-exit=$?")
            try await world.tmux.send(keys: "Enter")
            let wall = await world.waitForWall()
            try #require(wall.ok, "no live tiles in read-only mode:\n\(wall.screen)")
            let badge = try await waitForBadge(world)
            #expect(badge.ok, "no badge in the header:\n\(badge.screen)")
            let key = try #require(ListRows(badge.screen).selectedKey, "nothing selected:\n\(badge.screen)")
            let attached = try await world.tmux.press("Enter", timeout: 30) { screen in
                screen.contains("READ-ONLY: keys are not sent") && screen.contains("C-] detach")
                    && screen.contains(key) && !screen.contains("SESSION")
            }
            try #require(attached.ok, "attach did not take the screen or says nothing:\n\(attached.screen)")
            let marker = "ro-marker-7431"
            try await world.tmux.type(marker)
            let refused = await world.tmux.waitForScreen { $0.contains("│ read-only: keys not sent │") }
            #expect(refused.ok, "the refusal was not shown:\n\(refused.screen)")
            // Keys are handled in order: once scrollback (entered after the marker) shows, every key
            // of the marker was handled, and none was sent, so the agent's pane does not have it.
            let scrolled = try await world.tmux.press("S-PPage") { $0.contains("SCROLLBACK") }
            #expect(scrolled.ok, "scrollback does not work in read-only mode:\n\(scrolled.screen)")
            let pane = try await world.session(ticket: key).paneId
            let agent = await world.agentScreen(paneId: pane)
            #expect(!agent.isEmpty, "the agent's pane could not be read")
            #expect(!agent.contains(marker), "the agent's pane got the keys:\n\(agent)")
            let live = try await world.tmux.press("q") { !$0.contains("SCROLLBACK") && $0.contains("C-] detach") }
            #expect(live.ok, "q did not leave scrollback:\n\(live.screen)")
            #expect(!live.screen.contains(marker), "the attached picture shows the marker")
            let back = try await world.tmux.press("C-]") { $0.contains("SESSION") && !$0.contains("C-] detach") }
            #expect(back.ok, "detach did not return to the wall:\n\(back.screen)")
            let later = await world.agentScreen(paneId: pane)
            #expect(!later.contains(marker), "the keys arrived late:\n\(later)")
            try await world.quitAndExpectRestored()
        }
    }

    /// Waits for the header's READ-ONLY badge, dismissing banners that cover the header (a
    /// waiting prompt's banner stays until answered, which a read-only UI cannot do).
    func waitForBadge(_ world: UIWorld) async throws -> (ok: Bool, screen: String) {
        var last = (ok: false, screen: "")
        for _ in 0..<10 {
            last = await world.tmux.waitForScreen(timeout: 5) { $0.contains("claudepm · sessions · READ-ONLY") }
            if last.ok { return last }
            if last.screen.contains("d dismiss") { try await world.tmux.send(keys: "d") }
        }
        return last
    }
}
