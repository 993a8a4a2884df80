// Pane streams through the real TUI in tmux: the attach view's scrollback holds what scrolled
// off and `/` finds it; with the user's tmux set to `window-size manual` (on which tmux 3.3a
// exits for grouped sessions and new windows), the wall, attach, detach and quit leave the tmux
// server, its sessions and its window options as they were.
import ClaudePMProtocol
import Foundation
import Testing

extension UIEndToEndTests {
    /// Starts `/bin/sh -c command` in a new window of the demo's tmux session and adopts it.
    func adoptWindow(_ world: UIWorld, _ command: String) async throws -> Session {
        let pane = try await world.server.demoTmux([
            "new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "=claudepm-demo:", "/bin/sh", "-c", command,
        ]).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try await world.rest.perform("POST", "/api/sessions/discover", body: Data("{}".utf8), resource: "discover")
        return try #require(try await world.rest.sessions().first { $0.paneId == pane }, "pane \(pane) not adopted")
    }

    /// Moves the selection to the first list row whose line contains `text`.
    func selectRow(_ world: UIWorld, containing text: String) async throws {
        try await world.select(rowContaining: text)
    }

    @Test("the attach view scrolls back over real lines and / finds one that scrolled off")
    func scrollbackHoldsWhatScrolledOff() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForSessions().ok)
            let session = try await adoptWindow(
                world, "i=1; while [ $i -le 500 ]; do echo \"number $i\"; i=$((i+1)); done; exec cat")
            #expect(session.source == .discovered)
            let rename = #"{"name":"scroll-probe"}"#
            _ = try await world.rest.perform(
                "PATCH", "/api/sessions/\(session.id)/rename", body: Data(rename.utf8), resource: "rename")
            // Listed when the server pushes the change (adopted, then renamed).
            let listed = await world.tmux.waitForScreen(timeout: 75) { $0.contains("scroll-probe") }
            try #require(listed.ok, "the adopted session is not listed:\n\(listed.screen)")
            try await selectRow(world, containing: "scroll-probe")
            let attached = try await world.tmux.press("Enter") {
                $0.contains("C-] detach") && $0.contains("number 500")
            }
            try #require(attached.ok, "not attached:\n\(attached.screen)")
            try await world.tmux.send(keys: "S-PPage")
            try await world.tmux.send(keys: "/")
            try await world.tmux.type("number 17")
            let found = try await world.tmux.press("Enter") { screen in
                screen.contains("SCROLLBACK") && screen.split(separator: "\n").contains { $0.hasPrefix("number 17") }
            }
            #expect(found.ok, "line 17 not shown in scrollback:\n\(found.screen)")
            try await world.tmux.send(keys: "q")
            try await world.tmux.send(keys: "C-]")
            _ = await world.tmux.waitForScreen { $0.contains("SESSION") }
            try await world.quitAndExpectRestored()
        }
    }

    @Test(
        "under every window-size, the wall, attach, detach and quit leave tmux and every session alive",
        arguments: ["manual", "latest", "largest"])
    func everyWindowSizeSurvives(_ mode: String) async throws {
        try await UIWorld.with(cols: 160, rows: 50) { world in
            try #require(await world.waitForWall().ok)
            for i in 1...5 { _ = try await adoptWindow(world, "echo extra-\(i); exec cat") }
            let panesBefore = try await world.server.demoTmux(["list-panes", "-a", "-F", "#{pane_id} #{pane_dead}"])
            _ = try await world.server.demoTmux(["set-option", "-g", "window-size", mode])
            let nine = await world.tmux.waitForScreen(timeout: 75) {
                $0.components(separatedBy: " session ").count >= 6
            }
            try #require(nine.ok, "nine sessions not listed:\n\(nine.screen)")
            for key in ["l", "l", "l", "h", "h", "h"] {
                try await world.tmux.send(keys: key)
                _ = await world.tmux.waitForScreen(timeout: 3) { ScreenGrid($0).tiles.count > 0 }
            }
            try await world.tmux.send(keys: "g", "g")
            let attached = try await world.tmux.press("Enter") { $0.contains("C-] detach") }
            try #require(attached.ok, "not attached:\n\(attached.screen)")
            try await world.tmux.send(keys: "C-]")
            _ = await world.tmux.waitForScreen { $0.contains("SESSION") }
            try await world.quitAndExpectRestored()
            let sessions = try await world.server.demoTmux(["list-sessions", "-F", "#{session_name}"])
            #expect(sessions.trimmingCharacters(in: .whitespacesAndNewlines) == "claudepm-demo")
            let panes = try await world.server.demoTmux(["list-panes", "-a", "-F", "#{pane_id} #{pane_dead}"])
            #expect(panes == panesBefore, "panes before: \(panesBefore)\nafter: \(panes)")
            let option = try await world.server.demoTmux(["show-options", "-g", "window-size"])
            #expect(option.contains(mode), "the user's global option changed: \(option)")
            let windows = try await world.server.demoTmux(["list-windows", "-a", "-F", "#{window_id}"])
            for window in windows.split(separator: "\n") {
                let own = try await world.server.demoTmux(["show-options", "-w", "-t", String(window), "window-size"])
                #expect(own.isEmpty, "window \(window) kept a window-size of its own: \(own)")
            }
        }
    }
}
