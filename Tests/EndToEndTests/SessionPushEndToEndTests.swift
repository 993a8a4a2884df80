// A session started elsewhere appears without polling: with the session-list refresh set to an
// hour, a ticket started over REST (as another client or the desktop app would) shows in the
// running UI because claudepm-server pushes `sessions:changed` to its event socket.
import ClaudePMProtocol
import Foundation
import Testing

@Suite(
    "UI session-list push", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct SessionPushEndToEndTests {
    @Test("a session started over REST is listed at once, with the refresh period at an hour")
    func aSessionStartedElsewhereIsListedWithoutPolling() async throws {
        try await UIWorld.with(config: "[ui]\nrefresh = 3600\n") { world in
            let listed = await world.waitForSessions()
            try #require(listed.ok, "the sessions were never listed:\n\(listed.screen)")
            try #require(!listed.screen.contains("CSM-005"), "CSM-005 has no session yet:\n\(listed.screen)")
            var ticket: Ticket?
            for project in try await world.rest.projects() where ticket == nil {
                ticket = try await world.rest.allTickets(projectId: project.id).first { $0.externalId == "CSM-005" }
            }
            let started = try #require(ticket, "the demo has no CSM-005")
            _ = try await world.rest.start(ticket: started.id)
            let shown = await world.tmux.waitForScreen(timeout: 30) { $0.contains("CSM-005") }
            #expect(shown.ok, "the new session was not listed:\n\(shown.screen)")
            try await world.quitAndExpectRestored()
        }
    }
}
