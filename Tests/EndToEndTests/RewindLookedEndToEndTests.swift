// "While you were away", as a person uses it: claudepm shows the demo's wall, quits (the moment
// each session on screen was last looked at is saved), starts again, and `'` in rewind goes to
// that moment: the status line shows the time of the quit, not the newest moment.
import Foundation
import TestSupport
import Testing

extension UIEndToEndTests {
    @Test("' in rewind goes to when the session was last on screen, across a restart of claudepm")
    func quoteGoesToTheLastLookAcrossARestart() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForSessions().ok, "the first run never listed the sessions")
            try await world.quitAndExpectRestored()
            let state = world.server.directory.appendingPathComponent("home/.local/state/claudepm/servers")
            let looked = try #require(Self.savedLooks(under: state), "no looked.json under \(state.path)")
            let quit = try #require(looked.values.max(), "nothing saved in looked.json")
            try await world.launch()
            try #require(await world.waitForSessions().ok, "the second run never listed the sessions")
            // Later than the quit, so the newest moment reads differently from the last look.
            _ = await eventually(within: 10) { Date().timeIntervalSince(quit) > 2.5 }
            let rewound = try await world.tmux.press("R", timeout: 30) { Self.clock(in: $0) != nil }
            try #require(rewound.ok, "R did not rewind:\n\(rewound.screen)")
            try await world.tmux.send(keys: "'")
            // The screen shown is the last record at or before the look's end: within a second of it.
            let wanted = [-1.0, 0, 1].map { RewindClock.text(quit.addingTimeInterval($0)) }
            let back = await world.tmux.waitForScreen(timeout: 30) { screen in
                Self.clock(in: screen).map(wanted.contains) == true
            }
            #expect(back.ok, "' did not go to the last look (\(wanted)):\n\(back.screen)")
            let live = try await world.tmux.press("Escape", timeout: 30) { !$0.contains("REWIND") }
            #expect(live.ok, "Esc did not go back to live:\n\(live.screen)")
            try await world.quitAndExpectRestored()
        }
    }

    /// The looks saved under `servers` (each server's `looked.json`), by session id.
    private static func savedLooks(under servers: URL) -> [String: Date]? {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: servers.path)) ?? []
        for folder in folders {
            let file = servers.appendingPathComponent(folder).appendingPathComponent("looked.json")
            guard let data = FileManager.default.contents(atPath: file.path),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let value = object["value"] as? [String: String]
            else { continue }
            let dates = value.compactMapValues { ISO8601DateFormatter().date(from: $0) }
            if !dates.isEmpty { return dates }
        }
        return nil
    }

    /// The moment rewind's status line shows (`REWIND · … · 12:34:56 · …`).
    private static func clock(in screen: String) -> String? {
        guard let status = screen.split(separator: "\n").last(where: { $0.contains("REWIND") }) else { return nil }
        return status.components(separatedBy: " · ").first { part in
            part.count == 8 && part.enumerated().allSatisfy { index, c in index % 3 == 2 ? c == ":" : c.isNumber }
        }
    }
}

/// The clock rewind's status line writes for a moment (local time, as the UI's).
enum RewindClock {
    static func text(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
