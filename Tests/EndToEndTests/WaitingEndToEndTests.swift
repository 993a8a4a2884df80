// Waiting sessions end to end: a permission prompt raises a banner whose `y` really answers the
// agent (its own pane shows the command ran, and the waiting badge goes away), and triage jumps
// to a waiting session full screen.
import ClaudePMProtocol
import Foundation
import Testing

extension UIEndToEndTests {
    @Test("a permission prompt raises a banner, and y answers the agent")
    func bannerYesAnswers() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForWall().ok)
            let sessions = try await world.rest.sessions()
            // Banners last 5 s and agents ask at random times: wait for a new one offering y/n.
            let banner = await world.waitForFreshPermissionBanner()
            let line = try #require(banner.line, "no permission banner:\n\(banner.screen)")
            let session = try #require(
                sessions.first { line.contains($0.ticket?.title ?? "\u{0}") }, "whose banner is this? \(line)")
            let key = try #require(session.ticket?.externalId)
            #expect(await world.agentScreen(paneId: session.paneId).contains("Do you want to proceed?"))
            try await world.tmux.send(keys: "y")
            // Really answered: the agent ran the command and stopped asking…
            let end = Date().addingTimeInterval(20)
            var agent = await world.agentScreen(paneId: session.paneId)
            while Date() < end, !(agent.contains("Done (exit 0)") && !agent.contains("Do you want to proceed?")) {
                try await Task.sleep(for: .milliseconds(200))
                agent = await world.agentScreen(paneId: session.paneId)
            }
            #expect(agent.contains("Done (exit 0)") && !agent.contains("Do you want to proceed?"), "agent:\n\(agent)")
            // …and the UI no longer shows the session as waiting.
            let cleared = await world.tmux.waitForScreen { screen in
                guard let row = ListRows(screen).rows.first(where: { $0.key == key }) else { return false }
                return !row.line.contains("◆") && ScreenGrid(screen).tile(key)?.labelSaysWaiting == false
            }
            #expect(cleared.ok, "\(key) still shows as waiting:\n\(cleared.screen)")
            try await world.quitAndExpectRestored()
        }
    }

    @Test("triage (t) jumps to a waiting session full screen; the detach key goes back")
    func triageJumps() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForWall().ok)
            let waiting = await world.tmux.waitForScreen(timeout: 90) { ListRows($0).key(where: "◆") != nil }
            try #require(waiting.ok, "no session became waiting:\n\(waiting.screen)")
            let waitingKeys = Set(ListRows(waiting.screen).rows.filter { $0.line.contains("◆") }.map(\.key))
            try await world.tmux.send(keys: "t")
            let attached = await world.tmux.waitForScreen(timeout: 30) { screen in
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
            try await world.tmux.send(keys: "C-]")
            let back = await world.tmux.waitForScreen { $0.contains("SESSION") && !$0.contains("C-] detach") }
            #expect(back.ok, "detach did not return to the wall:\n\(back.screen)")
            try await world.quitAndExpectRestored()
        }
    }
}
