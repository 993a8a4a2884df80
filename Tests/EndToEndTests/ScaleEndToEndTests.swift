// Thousands of sessions through the real claudepm and a real claudepm-server (seeded store, see
// SessionSeeder) while the server floods every client with `ticket:state` events: the `/` filter
// finds one session, keys keep working, and the server's reason for a failed attach is shown in
// full. Behaviour only; the timings are in docs/performance.md.
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension UIEndToEndTests {
    static let seeded = 10_000

    @Test("10,000 sessions under an event flood: / finds one, keys work, a failed attach shows its reason")
    func tenThousandSessions() async throws {
        try await UIWorld.with(prepare: { try await SessionSeeder.seed($0, count: Self.seeded) }) { world in
            let listed = await world.tmux.waitForScreen(timeout: 120) {
                $0.contains("online") && $0.contains(SessionSeeder.name(1))
            }
            try #require(listed.ok, "the seeded sessions are not listed:\n\(listed.screen)")
            let flood = try await SessionSeeder.flood(world.rest)
            let target = SessionSeeder.name(4242)
            try await world.tmux.type("/" + target)
            let found = await world.tmux.waitForScreen(timeout: 30) { screen in
                screen.contains("/" + target) && Self.sessionRows(screen) == [target]
            }
            #expect(found.ok, "the filter did not narrow the list to \(target):\n\(found.screen)")
            let kept = try await world.tmux.press("Enter", timeout: 30) {
                $0.contains("filter: \(target) · 1 of 10004")
            }
            #expect(kept.ok, "Enter did not keep the filter:\n\(kept.screen)")
            let failed = try await world.tmux.press("Enter", timeout: 30) { $0.contains("PTY_INVALID_PANE") }
            #expect(failed.ok, "the attach failure's reason is not shown:\n\(failed.screen)")
            let back = try await world.tmux.press("C-]", timeout: 30) { $0.contains("filter: \(target)") }
            #expect(back.ok, "detach did not return to the filtered list:\n\(back.screen)")
            let cleared = try await world.tmux.press("Escape", timeout: 30) { Self.sessionRows($0).count > 3 }
            #expect(cleared.ok, "Esc did not clear the filter:\n\(cleared.screen)")
            try await world.tmux.send(keys: "G")
            let last = SessionSeeder.name(Self.seeded)
            let bottom = await world.tmux.waitForScreen(timeout: 30) { Self.selectedRow($0)?.contains(last) == true }
            #expect(bottom.ok, "G did not select the last of 10,004 sessions:\n\(bottom.screen)")
            try await world.tmux.send(keys: "k")
            let up = SessionSeeder.name(Self.seeded - 1)
            let moved = await world.tmux.waitForScreen(timeout: 30) { Self.selectedRow($0)?.contains(up) == true }
            #expect(moved.ok, "k did not move up:\n\(moved.screen)")
            flood.cancel()
            let moves = await flood.value
            #expect(moves > 20, "the flood did not happen (\(moves) ticket moves)")
            try await world.quitAndExpectRestored()
        }
    }

    @Test(
        "under load (10,000 sessions, event flood) a signal ends claudepm and restores the terminal",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalUnderLoad(signal: Int32) async throws {
        try await UIWorld.with(prepare: { try await SessionSeeder.seed($0, count: Self.seeded) }) { world in
            let listed = await world.tmux.waitForScreen(timeout: 120) { $0.contains(SessionSeeder.name(1)) }
            try #require(listed.ok, "the seeded sessions are not listed:\n\(listed.screen)")
            let flood = try await SessionSeeder.flood(world.rest)
            // Keys in flight too: the loop is busy when the signal comes.
            try await world.tmux.type("/bulk-0")
            let pid = try #require(await world.claudepmPID(), "claudepm is not the shell's child")
            kill(pid, signal)
            let back = await world.tmux.waitForScreen { $0.contains("claudepm-exit=\(128 + signal)") }
            flood.cancel()
            _ = await flood.value
            #expect(back.ok, "no exit by signal \(signal):\n\(back.screen)")
            try await world.expectShellRestored()
        }
    }

    /// The seeded session names on list rows (`bulk-NNNNN`), in order.
    static func sessionRows(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { line in
            // List rows only: tile borders (`┌ ● bulk-… ─┐`) and tile insides are not rows.
            guard !line.contains("│"), !line.contains("┌"), line.contains("●"),
                let range = line.range(of: #"bulk-[0-9]{5}"#, options: .regularExpression)
            else { return nil }
            return String(line[range])
        }
    }

    /// The selected list row (it starts with `▶`).
    static func selectedRow(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("▶") }.map(String.init)
    }
}
