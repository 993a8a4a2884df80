// The terminal UI end to end, as a person sees it: the built `claudepm` runs inside a private
// tmux server against `claudepm-server --demo --port 0`; the tests press keys with send-keys and
// read the pane with capture-pane. Every wait polls with a generous deadline; nothing asserts on
// timing. Demo agents run on timers, so tests wait for the state they need.
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "UI end to end", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct UIEndToEndTests {
    @Test("the wall shows the demo agents' live screens, and q restores the terminal")
    func wallShowsAgents() async throws {
        try await UIWorld.with { world in
            let wall = await world.waitForWall()
            #expect(wall.ok, "no live tiles:\n\(wall.screen)")
            let labels = ScreenGrid(wall.screen).tiles.map(\.label).joined(separator: "\n")
            for key in DemoTickets.sessionKeys {
                #expect(labels.contains(key), "no tile for \(key):\n\(wall.screen)")
            }
            // Each tile shows its own agent: it shows a line that is on that agent's own pane and on
            // no other agent's pane (tiles showing one shared window cannot).
            let own = try await world.waitForTilesShowingOwnAgents()
            #expect(own.ok, "tiles do not show their own sessions:\n\(own.screen)")
            #expect(await world.tmux.paneValue("alternate_on") == "1")
            try await world.quitAndExpectRestored()
        }
    }

    @Test("attach full screen, type an answer, see the agent echo it, detach back to the wall")
    func attachTypeDetach() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForWall().ok)
            let asking = try await world.waitForQuestion()
            let key = try #require(
                ListRows(asking.screen).key(where: "◆ question"), "no agent asked:\n\(asking.screen)")
            try await world.select(key)
            try await world.tmux.send(keys: "Enter")
            // Attached as the status line says it: its stream no longer connecting or attaching
            // (keys typed before that are not sent; under a CPU hog the attach page showed the
            // tile's picture while the interactive stream was still connecting).
            let attached = await world.tmux.waitForScreen(timeout: 30) { screen in
                let status = screen.split(separator: "\n").last ?? ""
                return screen.contains("C-] detach") && screen.contains(key) && screen.contains("?")
                    && !screen.contains("SESSION") && !status.contains("connecting…") && !status.contains("attaching…")
            }
            try #require(attached.ok, "attach did not take the screen:\n\(attached.screen)")
            try await world.tmux.type("e2e answer 42")
            var typed = await world.tmux.waitForScreen {
                $0.contains("e2e answer 42") || $0.contains("discarded, not sent")
            }
            if typed.screen.contains("discarded, not sent") {
                // The stream went in doubt and attached anew under load: the keys were reported as
                // discarded, never replayed, and the user types them again, as here.
                let again = await world.tmux.waitForScreen(timeout: 30) { screen in
                    let status = screen.split(separator: "\n").last ?? ""
                    return !status.contains("connecting…") && !status.contains("attaching…")
                        && !status.contains("reconnecting")
                }
                try #require(again.ok, "the stream did not attach again:\n\(again.screen)")
                try await world.tmux.type("e2e answer 42")
                typed = await world.tmux.waitForScreen { $0.contains("e2e answer 42") }
            }
            #expect(typed.ok, "typed text not echoed by the agent:\n\(typed.screen)")
            // The agent itself got the keys: its own pane shows them in its prompt box.
            let pane = try await world.session(ticket: key).paneId
            let end = Date().addingTimeInterval(20)
            var agent = await world.agentScreen(paneId: pane)
            while !agent.contains("> e2e answer 42"), Date() < end {
                try await Task.sleep(for: .milliseconds(200))
                agent = await world.agentScreen(paneId: pane)
            }
            #expect(agent.contains("> e2e answer 42"), "the agent's pane:\n\(agent)")
            let answered = try await world.tmux.press("Enter") { $0.contains("Got it: e2e answer 42") }
            #expect(answered.ok, "the agent did not take the answer:\n\(answered.screen)")
            let back = try await world.tmux.press("C-]") { $0.contains("SESSION") && !$0.contains("C-] detach") }
            #expect(back.ok, "detach did not return to the wall:\n\(back.screen)")
            #expect(await world.waitForWall().ok, "tiles did not come back after detach")
            try await world.quitAndExpectRestored()
        }
    }

    @Test("a resize to 40x12 and back keeps the UI drawing and working")
    func resizeAndBack() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForWall().ok)
            try await world.tmux.resize(cols: 40, rows: 12)
            let small = await world.tmux.waitForScreen { screen in
                let lines = screen.trimmingCharacters(in: .newlines).split(
                    separator: "\n", omittingEmptySubsequences: false)
                return lines.count <= 12 && ScreenGrid(screen).rows.allSatisfy { $0.count <= 40 }
                    && screen.contains("online") && ListRows(screen).rows.count >= 2
                    && !screen.contains("┌")
            }
            #expect(small.ok, "no session list at 40x12:\n\(small.screen)")
            try await world.tmux.resize(cols: 120, rows: 40)
            let big = await world.waitForWall()
            #expect(big.ok, "the wall did not come back at 120x40:\n\(big.screen)")
            let board = try await world.tmux.press("g", "b", timeout: 30) {
                $0.contains("Backlog (") && $0.contains("Review (")
            }
            #expect(board.ok, "keys stopped working after the resize:\n\(board.screen)")
            try await world.quitAndExpectRestored()
        }
    }

    @Test("SIGTERM ends the UI and restores the terminal")
    func sigtermRestores() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForWall().ok)
            let pid = try #require(await world.claudepmPID(), "claudepm is not the shell's child")
            kill(pid, SIGTERM)
            let back = await world.tmux.waitForScreen { $0.contains("claudepm-exit=143") }
            #expect(back.ok, "no exit by SIGTERM:\n\(back.screen)")
            try await world.expectShellRestored()
        }
    }
}

extension UIEndToEndTests {
    @Test("claudepm demo: SIGINT from outside restores the terminal, exits 130 and stops its server")
    func demoInterruptRestores() async throws {
        try await demoSignalRestores(SIGINT)
    }

    @Test(
        "claudepm demo: SIGTERM and SIGHUP restore the terminal, exit 128+n and stop its server",
        arguments: [SIGTERM, SIGHUP])
    func demoSignalsRestore(signal: Int32) async throws {
        try await demoSignalRestores(signal)
    }

    private func demoSignalRestores(_ signal: Int32) async throws {
        try await UIWorld.with { world in
            // The world's own claudepm goes first; `claudepm demo` runs in the same shell after it.
            try await world.quitAndExpectRestored()
            try await world.tmux.type("clear; '\(Binaries.path("claudepm"))' demo; echo demo-exit=$?")
            let up = try await world.tmux.press("Enter", timeout: 90) {
                $0.contains("online") && $0.contains("SESSION")
            }
            try #require(up.ok, "the demo UI did not come up:\n\(up.screen)")
            let pid = try #require(await world.claudepmPID(), "claudepm is not the shell's child")
            kill(pid, signal)
            let back = await world.tmux.waitForScreen { $0.contains("demo-exit=\(128 + signal)") }
            #expect(back.ok, "no exit by signal \(signal):\n\(back.screen)")
            try await world.expectShellRestored()
            // The demo's own server (started with --exit-on-stdin-eof, in this world's HOME) is gone too.
            let home = world.server.directory.appendingPathComponent("home").path
            let gone = await world.tmux.waitForScreen(timeout: 15) { _ in Self.demoServers(home: home).isEmpty }
            #expect(gone.ok, "demo servers still running: \(Self.demoServers(home: home))")
        }
    }

    /// Pids of `claudepm-server … --exit-on-stdin-eof` processes whose HOME is `home`.
    static func demoServers(home: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int(entry) != nil,
                let cmdline = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
            else { return false }
            let argv = String(decoding: cmdline, as: UTF8.self)
            let env = String(decoding: environ, as: UTF8.self).split(separator: "\0")
            return argv.contains("claudepm-server") && argv.contains("--exit-on-stdin-eof")
                && env.contains { $0 == "HOME=\(home)" }
        }
    }
}
