// The search across every session's scrollback, end to end against the demo server in tmux:
// each demo agent's first transcript line names its ticket ("> Work on ticket API-001"), so a
// query for one ticket's line must find exactly that session, whichever tile it is on; Enter
// must attach to it in scrollback mode on that line. A query nothing holds says so; Esc closes.
import Foundation
import Testing

@Suite(
    "find end to end", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct FindEndToEndTests {
    @Test("f finds a line in one session's scrollback among all, and Enter opens it at the match")
    func findsOneSessionsLineAndOpensItThere() async throws {
        try await UIWorld.with { world in
            let wall = await world.waitForWall()
            try #require(wall.ok, "no live tiles:\n\(wall.screen)")
            try await world.tmux.send(keys: "f")
            try await world.tmux.type("no-such-text-4711")
            let none = await world.tmux.waitForScreen { $0.contains("no match · searched 4 of 4 live sessions") }
            #expect(none.ok, "a query nothing holds is not reported:\n\(none.screen)")
            let closed = try await world.tmux.press("Escape") { !$0.contains("Find in every scrollback") }
            try #require(closed.ok, "Esc did not close the overlay:\n\(closed.screen)")

            // Lower case: the search ignores case. Each agent wrote its line when it started.
            try await world.tmux.send(keys: "f")
            try await world.tmux.type("work on ticket api-001")
            let found = await world.tmux.waitForScreen { screen in
                screen.contains("1 match in 1 session · searched 4 of 4 live sessions")
                    && screen.contains("> Work on ticket API-001")
            }
            try #require(found.ok, "the line was not found in exactly one session:\n\(found.screen)")
            let hit = found.screen.split(separator: "\n").first { $0.contains("> Work on ticket API-001") } ?? ""
            #expect(hit.contains("API-001 Cursor pagination"), "the hit does not name its session: \(hit)")

            let opened = try await world.tmux.press("Enter", timeout: 30) { screen in
                let status = screen.split(separator: "\n").last ?? ""
                return status.contains("API-001") && status.contains("SCROLLBACK /work on ticket api-001 (1/1)")
                    && screen.contains("> Work on ticket API-001")
            }
            try #require(opened.ok, "Enter did not open the session at the match:\n\(opened.screen)")
            let live = try await world.tmux.press("q") { $0.contains("C-] detach") && !$0.contains("SCROLLBACK") }
            #expect(live.ok, "q did not go live:\n\(live.screen)")
            let back = try await world.tmux.press("C-]") { $0.contains("SESSION") && !$0.contains("C-] detach") }
            #expect(back.ok, "detach did not return to the wall:\n\(back.screen)")
            try await world.quitAndExpectRestored()
        }
    }
}
