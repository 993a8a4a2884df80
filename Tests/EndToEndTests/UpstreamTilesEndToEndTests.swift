// Against an upstream server the wall's tiles are never tmux clients (issue 35). The server is
// the stand-in `claudepm-server --demo --upstream-compat --poll-only` (attach as upstream: a tmux
// client on a PTY whatever the extensions ask, no metrics, tmux polled); its demo tmux server is
// the user's, with a real tmux client of the user attached at 100×31. While the wall shows the
// four agents no other client attaches (a `client-attached` hook records every one), the windows
// keep their sizes, the current window and active panes stay, and the tiles show the agents'
// screens from `session:output` pictures; Enter attaches one tmux client at claudepm's terminal
// size, and leaving the attach removes it. Such a server keeps no journal: `R` says so, and
// `claudepm export` fails with the reason.
import Foundation
import TestSupport
import Testing

@Suite(
    "upstream tiles end to end", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct UpstreamTilesEndToEndTests {
    static let standIn = ["--demo", "--upstream-compat", "--poll-only"]

    /// The demo tmux's clients that are not control-mode clients: `WxH`, one each.
    static func clients(_ server: DemoServer) async -> [String] {
        let lines =
            (try? await server.demoTmux([
                "list-clients", "-F", "#{client_control_mode} #{client_width}x#{client_height}",
            ])) ?? ""
        return lines.split(separator: "\n").filter { $0.hasPrefix("0 ") }.map { String($0.dropFirst(2)) }
    }

    /// Every window: id, size, whether it is the session's current one, its active pane, zoomed.
    static func windows(_ server: DemoServer) async throws -> String {
        try await server.demoTmux([
            "list-windows", "-a", "-F",
            "#{window_id} #{window_width}x#{window_height} #{window_active} #{pane_id} #{window_zoomed_flag}",
        ])
    }

    /// The attaches the hook recorded since it was set, control-mode clients left out.
    static func attaches(_ log: String) -> [String] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("0 ") }.map { String($0.dropFirst(2)) }
    }

    /// Starts the user's own tmux client (in a terminal of its own, 100×31) on the demo's session.
    static func attachUser(to server: DemoServer) async throws -> TmuxHarness {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        ]
        let command = ["/usr/bin/env", "-u", "TMUX", TmuxHarness.tmuxPath, "-L", server.demoSocket]
        return try await TmuxHarness.start(
            command: command + ["attach-session", "-t", "=claudepm-demo"], cols: 100, rows: 31,
            environment: environment)
    }

    /// Once the user's client is attached: every window gets a second pane (so a zoom would
    /// show), and every later attach of a client is recorded in `log`.
    static func prepareUsersTmux(_ server: DemoServer, log: String) async throws {
        let attached = await eventually { await clients(server) == ["100x31"] }
        let seen = await clients(server)
        try #require(attached, "the user's client did not attach: \(seen)")
        for window in try await server.demoTmux(["list-windows", "-a", "-F", "#{window_id}"]).split(separator: "\n") {
            _ = try await server.demoTmux(["split-window", "-d", "-t", String(window), "-l", "4", "exec cat"])
        }
        let script = server.directory.appendingPathComponent("record-attach.sh").path
        try Data("#!/bin/sh\necho \"$@\" >> '\(log)'\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        _ = try await server.demoTmux([
            "set-hook", "-g", "client-attached",
            "run-shell '\(script) #{client_control_mode} #{client_width}x#{client_height}'",
        ])
    }

    @Test("against an upstream server the wall opens no tmux client; Enter attaches one at the terminal's size")
    func wallOpensNoTmuxClient() async throws {
        let user = LockedBox<TmuxHarness?>(nil)
        let log = LockedBox("")
        do {
            try await UIWorld.with(
                prepare: { server in
                    log.value = server.directory.appendingPathComponent("attaches.log").path
                    user.value = try await Self.attachUser(to: server)
                    try await Self.prepareUsersTmux(server, log: log.value)
                }, serverArguments: Self.standIn
            ) { world in
                try await Self.checkWall(world, log: log.value)
                try await Self.checkAttach(world, log: log.value)
                try await Self.checkNoJournal(world)
                try await world.quitAndExpectRestored()
            }
        } catch {
            await user.value?.stop()
            throw error
        }
        await user.value?.stop()
    }

    /// The wall: pictures of every agent, refreshed, and nothing changed in the user's tmux.
    static func checkWall(_ world: UIWorld, log: String) async throws {
        let before = try await windows(world.server)
        let wall = await world.tmux.waitForScreen(timeout: 60) { screen in
            let tiles = ScreenGrid(screen).tiles
            return tiles.count == DemoTickets.sessionKeys.count
                && tiles.allSatisfy {
                    $0.text.contains("? for shortcuts") || $0.text.contains("Do you want to proceed?")
                }
        }
        #expect(wall.ok, "the tiles do not show the agents:\n\(wall.screen)")
        #expect(wall.screen.contains("snapshot · changed"), "the tiles are not pictures:\n\(wall.screen)")
        // The agents keep working: a tile that shows something new got a later picture, so the
        // wall has been up for at least one more poll of the server.
        let first = ScreenGrid(wall.screen).tiles.map(\.text)
        let refreshed = await world.tmux.waitForScreen(timeout: 60) { screen in
            let tiles = ScreenGrid(screen).tiles.map(\.text)
            return tiles.count == first.count && tiles != first
        }
        #expect(refreshed.ok, "no tile was refreshed:\n\(refreshed.screen)")
        #expect(attaches(log).isEmpty, "tmux clients attached for the wall: \(attaches(log))")
        let clients = await clients(world.server)
        #expect(clients == ["100x31"])
        let after = try await windows(world.server)
        #expect(after == before, "the wall changed the user's windows")
    }

    /// Enter: one tmux client, at claudepm's terminal size minus its status line; leaving: gone.
    static func checkAttach(_ world: UIWorld, log: String) async throws {
        let attached = try await world.tmux.press("Enter", timeout: 30) {
            $0.contains("C-] detach") && !$0.contains("SESSION")
        }
        try #require(attached.ok, "Enter did not attach:\n\(attached.screen)")
        let client = await eventually { await clients(world.server).sorted() == ["100x31", "120x39"] }
        let during = await clients(world.server)
        #expect(client, "no tmux client at claudepm's size: \(during)")
        let back = try await world.tmux.press("C-]", timeout: 30) {
            $0.contains("SESSION") && $0.contains("snapshot · changed")
        }
        #expect(back.ok, "leaving the attach did not show the pictures again:\n\(back.screen)")
        let gone = await eventually { await clients(world.server) == ["100x31"] }
        let left = await clients(world.server)
        #expect(gone, "the attach's tmux client stayed: \(left)")
        #expect(attaches(log) == ["120x39"], "tmux clients attached: \(attaches(log))")
        // The attach selected its pane, as upstream's does, but zoomed nothing (`pty:selectPane`
        // would have, for good).
        let zoomed = try await world.server.demoTmux(["list-windows", "-a", "-F", "#{window_zoomed_flag}"])
        #expect(!zoomed.contains("1"), "a window was left zoomed: \(zoomed)")
    }

    /// `R` on the wall and `claudepm export` against a server without the journal extension:
    /// each says the server keeps no journal; the UI stays on the wall.
    static func checkNoJournal(_ world: UIWorld) async throws {
        let said = try await world.tmux.press("R", timeout: 30) { $0.contains("keeps no journal") }
        #expect(said.ok, "R did not say the server keeps no journal:\n\(said.screen)")
        let wall = try await world.tmux.press("Escape", timeout: 30) { $0.contains("SESSION") }
        #expect(wall.ok, "Esc did not leave the wall showing:\n\(wall.screen)")
        let session = try await world.session(ticket: DemoTickets.sessionKeys[0])
        let exported = try await Subprocess.run(
            [Binaries.path("claudepm"), "export", session.id, "--url", world.server.url],
            environment: UIWorld.environment(world.server.directory))
        // A raw wait status: exit code 1, no signal.
        #expect(exported.status == 1 << 8, "export against a server without a journal: \(exported.status)")
        #expect(exported.output.contains("keeps no journal"), "export said: \(exported.output)")
        #expect(!exported.output.contains("\u{1B}"), "export wrote a control sequence: \(exported.output)")
    }
}
