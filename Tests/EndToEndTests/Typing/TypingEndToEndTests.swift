// Typing through the real claudepm, as a person types: keys go into claudepm's tmux pane with
// send-keys, at 15 keys/s with a paste in between, into a session whose pane runs `cat` on a
// tty (the line discipline echoes each key). Every key must arrive once and in order (the pane
// itself is checked on the demo's tmux), and the echo must show in claudepm. Nothing asserts on
// timing.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

extension UIEndToEndTests {
    /// Adopts a `cat` window named `name`, lists it (refresh every 5 s) and attaches to it.
    func attachToCat(_ world: UIWorld, name: String, command: String = "exec cat") async throws -> Session {
        try #require(await world.waitForSessions().ok, "sessions not listed")
        let session = try await adoptWindow(world, command)
        let rename = #"{"name":"\#(name)"}"#
        _ = try await world.rest.perform(
            "PATCH", "/api/sessions/\(session.id)/rename", body: Data(rename.utf8), resource: "rename")
        let listed = await world.tmux.waitForScreen(timeout: 60) { $0.contains(name) }
        try #require(listed.ok, "the adopted session is not listed:\n\(listed.screen)")
        try await selectRow(world, containing: name)
        try await world.tmux.send(keys: "Enter")
        let attached = await world.tmux.waitForScreen { $0.contains("C-] detach") && $0.contains(name) }
        try #require(attached.ok, "not attached:\n\(attached.screen)")
        return session
    }

    /// The session's own pane, wrapped lines joined.
    func paneText(_ world: UIWorld, _ session: Session) async -> String {
        (try? await world.server.demoTmux(["capture-pane", "-p", "-J", "-t", session.paneId])) ?? ""
    }

    static let fastRefresh = "[ui]\nrefresh = 5\n"

    @Test("typing at 15 keys/s with a paste in between reaches the pane complete and in order, and echoes")
    func sustainedTypingArrivesInOrder() async throws {
        try await UIWorld.with(config: Self.fastRefresh) { world in
            let session = try await attachToCat(world, name: "typing-probe")
            let words = (0..<40).map { "w\($0)" }.joined(separator: " ")
            let paste = String(repeating: "0123456789", count: 30)
            var typed = ""
            for (index, character) in words.enumerated() {
                try await world.tmux.type(String(character))
                typed.append(character)
                if index == 60 {
                    try await world.tmux.type(paste)
                    typed += paste
                }
                try await Task.sleep(for: .milliseconds(66))
            }
            let arrived = await eventually(within: 30) { await paneText(world, session).contains(typed) }
            let pane = await paneText(world, session)
            #expect(arrived, "the pane does not show what was typed:\n\(pane)")
            let tail = String(typed.suffix(30))
            let shown = await world.tmux.waitForScreen { $0.replacingOccurrences(of: "\n", with: "").contains(tail) }
            #expect(shown.ok, "claudepm does not show the echo:\n\(shown.screen)")
            #expect(!shown.screen.contains("RATE_LIMITED") && !shown.screen.contains("dropped input"))
            try await world.tmux.send(keys: "C-]")
            _ = await world.tmux.waitForScreen { $0.contains("SESSION") }
            try await world.quitAndExpectRestored()
        }
    }
}
