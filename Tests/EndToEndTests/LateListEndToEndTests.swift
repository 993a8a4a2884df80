// A late list against a live event, as a person meets it: claudepm talks to the demo server
// through a proxy of our own that holds every REST answer back. The board is opened, and while
// its ticket list is held on the way (the server has answered it), a ticket is moved: the move
// comes live, the list that lands after it is older. The board must show the move. The moved
// ticket is an adhoc one made after the client's resync, so the client knew nothing of it when
// the move came. A second adhoc ticket, made after the list was answered and before the move,
// tells which list landed: the one on screen does not show it, so it was read before the move.
import ClaudePMProtocol
import ClientNetwork
import Foundation
import LatencyProxy
import TestSupport
import Testing

@Suite(
    "UI late lists", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct LateListEndToEndTests {
    @Test("the board's list, held on its way while a ticket moves live, does not undo the move")
    func aLateBoardListDoesNotUndoALiveMove() async throws {
        try await UIWorld.with(proxy: ProxyProfile()) { world in
            let proxy = try #require(world.proxy)
            try #require(await world.waitForSessions().ok, "the sessions were never listed")
            let project = try #require(try await world.rest.projects().first)
            // A ticket the client has not listed yet (made after its resync), to be moved live.
            let moved = try await world.adhocTicket(project: project.id, title: "zq moved card")

            proxy.restDelay = .seconds(5)
            try await world.tmux.send(keys: "g", "b")
            let answered = await eventually(within: 30) { proxy.heldAnswers > 0 }
            try #require(answered, "no REST answer was held: the board asked for nothing")
            _ = try await world.adhocTicket(project: project.id, title: "zq after list")
            _ = try await world.rest.perform(
                "PATCH", "/api/tickets/\(moved)", body: Data(#"{"state":"done"}"#.utf8), resource: "ticket")

            let landed = await world.tmux.waitForScreen(timeout: 60) { $0.contains("zq moved card") }
            try #require(landed.ok, "the held list never landed:\n\(landed.screen)")
            #expect(!landed.screen.contains("zq after list"), "the list on screen was read after the move")
            #expect(
                BoardColumns(landed.screen).column(containing: "zq moved card") == "Done",
                "the late list undid the live move:\n\(landed.screen)")
            proxy.restDelay = .zero
            try await world.tmux.send(keys: "Escape")
            #expect(await world.tmux.waitForScreen { $0.contains("SESSION") }.ok, "Esc did not leave the board")
            try await world.quitAndExpectRestored()
        }
    }
}

extension UIWorld {
    /// Creates an adhoc ticket titled `title` in `project` over REST, directly (no event is sent
    /// for it: only a ticket list shows it); returns its id.
    func adhocTicket(project: String, title: String) async throws -> String {
        let slug = title.lowercased().replacingOccurrences(of: " ", with: "-")
        let body = try JSONSerialization.data(withJSONObject: ["title": title, "slug": slug])
        let reply = try await rest.perform(
            "POST", "/api/projects/\(project)/adhoc-tickets", body: body, resource: "adhoc")
        let json = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        return try #require(json?["id"] as? String, "no ticket id in \(String(decoding: reply.body, as: UTF8.self))")
    }
}
