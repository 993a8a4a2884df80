// Waiting sessions end to end: a permission prompt raises a banner whose `y` really answers the
// agent (its own pane shows the command ran, and the waiting badge goes away), and triage jumps
// to a waiting session full screen.
import ClaudePMProtocol
import Foundation
import Testing

extension UIEndToEndTests {
    @Test("a permission prompt raises a banner, and y answers the agent")
    func bannerYesAnswers() async throws {
        // Every agent asks for permission, so permission banners come often; the test does not
        // wait on the one agent in two that asks a free question.
        try await UIWorld.with(serverEnvironment: ["CLAUDEPM_DEMO_QUESTIONS": "permission"]) { world in
            try #require(await world.waitForWall().ok)
            let sessions = try await world.rest.sessions()
            let session = try #require(
                try await approveAFreshBanner(world, sessions: sessions), "five banners changed just before their y")
            let key = try #require(session.ticket?.externalId)
            // The UI no longer shows the session as waiting once it is answered (the agent asks
            // again 9 s or more after the answer: 1 s of reaction, at least 8 of work). Looked for
            // from the answer on, also while the agent's own screen is read below.
            let notWaiting = { (screen: String) -> Bool in
                guard let row = ListRows(screen).rows.first(where: { $0.key == key }) else { return false }
                return !row.line.contains("◆") && ScreenGrid(screen).tile(key)?.labelSaysWaiting == false
            }
            var clearedScreen = await world.tmux.screen()
            var sawCleared = notWaiting(clearedScreen)
            // Really answered: the agent ran the command and stopped asking…
            let end = Date().addingTimeInterval(20)
            var agent = await world.agentScreen(paneId: session.paneId)
            while Date() < end, !(agent.contains("Done (exit 0)") && !agent.contains("Do you want to proceed?")) {
                try await Task.sleep(for: .milliseconds(200))
                if !sawCleared {
                    clearedScreen = await world.tmux.screen()
                    sawCleared = notWaiting(clearedScreen)
                }
                agent = await world.agentScreen(paneId: session.paneId)
            }
            #expect(agent.contains("Done (exit 0)") && !agent.contains("Do you want to proceed?"), "agent:\n\(agent)")
            // …and the UI showed it as no longer waiting.
            let cleared = sawCleared ? (ok: true, screen: clearedScreen) : await world.tmux.waitForScreen(notWaiting)
            let agentNow = cleared.ok ? "" : await world.agentScreen(paneId: session.paneId)
            #expect(cleared.ok, "\(key) still shows as waiting:\n\(cleared.screen)\nits agent now:\n\(agentNow)")
            try await world.quitAndExpectRestored()
        }
    }

    /// Waits for a fresh permission banner, presses `y`, and returns the session it approved,
    /// which must be the banner's. A banner that changed just before the key answers nothing
    /// (the answer grace): then the next fresh banner is tried, up to five times (nil after that).
    private func approveAFreshBanner(_ world: UIWorld, sessions: [Session]) async throws -> Session? {
        for _ in 0..<5 {
            let banner = await world.waitForFreshPermissionBanner()
            let line = try #require(banner.line, "no permission banner:\n\(banner.screen)")
            let session = try #require(
                sessions.first { line.contains($0.ticket?.title ?? "\u{0}") }, "whose banner is this? \(line)")
            let key = try #require(session.ticket?.externalId)
            #expect(await world.agentScreen(paneId: session.paneId).contains("Do you want to proceed?"))
            let said = try await world.tmux.press("y", timeout: 10) { screen in
                Self.approvedKey(in: screen) != nil || screen.contains("just changed") || screen.contains("went away")
            }
            guard let approved = Self.approvedKey(in: said.screen) else { continue }
            try #require(approved == key, "y approved \(approved) while the banner was about \(key):\n\(said.screen)")
            return session
        }
        return nil
    }

    /// The ticket key the status line says an approval went to (`approving API-001: …`,
    /// `approved API-001: …`).
    private static func approvedKey(in screen: String) -> String? {
        guard let match = screen.firstMatch(of: /approv(?:ing|ed) ([A-Z]+-[0-9]+)/) else { return nil }
        return String(match.1)
    }

    @Test("triage (t) jumps to a waiting session full screen; the detach key goes back")
    func triageJumps() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForWall().ok)
            let waiting = await world.tmux.waitForScreen(timeout: 90) { ListRows($0).key(where: "◆") != nil }
            try #require(waiting.ok, "no session became waiting:\n\(waiting.screen)")
            let waitingKeys = Set(ListRows(waiting.screen).rows.filter { $0.line.contains("◆") }.map(\.key))
            let attached = try await world.tmux.press("t", timeout: 30) { screen in
                screen.contains("C-] detach") && !screen.contains("SESSION")
                    && (screen.contains("Do you want to proceed?") || screen.contains("Waiting for your answer"))
            }
            try #require(attached.ok, "triage did not attach to a waiting session:\n\(attached.screen)")
            let status = attached.screen.split(separator: "\n").last { $0.contains("C-] detach") } ?? ""
            let key = try #require(ListRows.ticketKey(in: String(status)), "no session named in:\n\(status)")
            #expect(waitingKeys.contains(key), "\(key) was not waiting: \(waitingKeys)")
            let pane = try await world.session(ticket: key).paneId
            let agent = await world.agentScreen(paneId: pane)
            #expect(agent.contains("Do you want to proceed?") || agent.contains("Waiting for your answer"))
            let back = try await world.tmux.press("C-]") { $0.contains("SESSION") && !$0.contains("C-] detach") }
            #expect(back.ok, "detach did not return to the wall:\n\(back.screen)")
            try await world.quitAndExpectRestored()
        }
    }
}
