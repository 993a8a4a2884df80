// One end-to-end test world: a demo server, a private tmux server whose pane runs a plain bash,
// and `claudepm --url <demo>` started from that shell. HOME, XDG dirs and TMPDIR point into a
// directory of the test's own, so no user config is read. `with` always tears everything down.
// Optionally claudepm reaches the server through a LatencyProxy (a slow or stalling link), with
// a config file and environment variables of the test's choosing.
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation
import LatencyProxy
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A demo server plus the UI running on it in tmux.
final class UIWorld: Sendable {
    let server: DemoServer
    let tmux: TmuxHarness
    /// REST access to the demo server, to check what the UI did.
    let rest: RESTClient
    /// The proxy between claudepm and the server, if the world has one.
    let proxy: LatencyProxy?
    /// Variables set for claudepm alone (e.g. `CLAUDEPM_PREDICTION`).
    let clientEnvironment: [String: String]

    private init(
        server: DemoServer, tmux: TmuxHarness, rest: RESTClient, proxy: LatencyProxy?,
        clientEnvironment: [String: String]
    ) {
        self.server = server
        self.tmux = tmux
        self.rest = rest
        self.proxy = proxy
        self.clientEnvironment = clientEnvironment
    }

    /// Runs `body` in a fresh world of `cols` x `rows` and tears it down afterwards, even when the
    /// body throws. `prepare` runs on the demo server before claudepm starts (e.g. to seed it).
    /// With `proxy`, claudepm talks to the server through a LatencyProxy of that profile; `config`
    /// is written to claudepm's config file; `clientEnvironment` is set for claudepm only;
    /// `serverArguments` start the demo server (e.g. with `--upstream-compat`), with
    /// `serverEnvironment` added to its environment (its agents inherit it through its tmux).
    static func with(
        cols: Int = 120, rows: Int = 40, prepare: ((DemoServer) async throws -> Void)? = nil,
        proxy profile: ProxyProfile? = nil, config: String? = nil,
        clientEnvironment: [String: String] = [:], serverArguments: [String] = ["--demo"],
        serverEnvironment: [String: String] = [:], _ body: (UIWorld) async throws -> Void
    ) async throws {
        try await DemoSlots.shared.with {
            try await run(
                cols: cols, rows: rows, prepare: prepare, proxy: profile, config: config,
                clientEnvironment: clientEnvironment, server: (serverArguments, serverEnvironment), body)
        }
    }

    /// `with`, once the world holds its demo slot.
    private static func run(
        cols: Int, rows: Int, prepare: ((DemoServer) async throws -> Void)?, proxy profile: ProxyProfile?,
        config: String?, clientEnvironment: [String: String],
        server serverLaunch: (arguments: [String], environment: [String: String]),
        _ body: (UIWorld) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = Self.environment(directory)
        if let config {
            let folder = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"] ?? "").appendingPathComponent("claudepm")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(config.utf8).write(to: folder.appendingPathComponent("config.toml"))
        }
        let server = try await DemoServer.start(
            environment: environment.merging(serverLaunch.environment) { $1 }, directory: directory,
            arguments: serverLaunch.arguments)
        let tmux: TmuxHarness
        do {
            tmux = try await TmuxHarness.start(
                command: ["/bin/bash", "--norc", "--noprofile"], cols: cols, rows: rows, environment: environment)
        } catch {
            await server.stop()
            throw error
        }
        let serverConfig = ServerConfig(name: "demo", url: URL(string: server.url) ?? ServerConfig.defaultURL)
        let proxy: LatencyProxy?
        do {
            proxy = try profile.map { try LatencyProxy(targetPort: UInt16(serverConfig.url.port ?? 0), profile: $0) }
        } catch {
            await tmux.stop()
            await server.stop()
            throw error
        }
        let world = UIWorld(
            server: server, tmux: tmux, rest: RESTClient(server: serverConfig, apiKey: nil, tls: nil), proxy: proxy,
            clientEnvironment: clientEnvironment)
        do {
            try await prepare?(server)
            try await world.launch()
            try await body(world)
        } catch {
            await world.stop()
            throw error
        }
        await world.stop()
    }

    private func stop() async {
        proxy?.stop()
        await tmux.stop()
        await server.stop()
    }

    /// Exactly the environment of the server, tmux and the shell: nothing from the user (also
    /// FleetWorld's).
    static func environment(_ directory: URL) -> [String: String] {
        let home = directory.appendingPathComponent("home").path
        let values: [String: String?] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": home, "LANG": "C.UTF-8", "TERM": "xterm-256color", "TMPDIR": directory.path,
            "XDG_CONFIG_HOME": home + "/.config", "XDG_STATE_HOME": home + "/.local/state",
            "XDG_CACHE_HOME": home + "/.cache", "XDG_DATA_HOME": home + "/.local/share",
            "PS1": "shell-ready$ ", "TMUX_TMPDIR": ProcessInfo.processInfo.environment["TMUX_TMPDIR"],
        ]
        return values.compactMapValues { $0 }
    }

    /// Starts claudepm from the shell (again after it ended); the shell prints its exit status
    /// after it ends.
    func launch() async throws {
        try #require(await tmux.waitForScreen { $0.contains("shell-ready$") }.ok, "bash did not start")
        let url = proxy.map { "http://127.0.0.1:\($0.port)" } ?? server.url
        let variables = clientEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
        try await tmux.type("clear; \(variables)'\(Binaries.path("claudepm"))' --url \(url); echo claudepm-exit=$?")
        try await tmux.send(keys: "Enter")
    }

    /// Waits until the UI lists the demo's sessions with the server online.
    func waitForSessions(timeout: Double = 60) async -> (ok: Bool, screen: String) {
        await tmux.waitForScreen(timeout: timeout) { screen in
            screen.contains("online") && DemoTickets.sessionKeys.allSatisfy { screen.contains($0) }
        }
    }

    /// Waits until the wall shows a tile per demo session, each with live agent output (the
    /// prompt box footer or the permission dialog, which only the agent draws).
    func waitForWall(timeout: Double = 60) async -> (ok: Bool, screen: String) {
        await tmux.waitForScreen(timeout: timeout) { screen in
            let tiles = ScreenGrid(screen).tiles
            return screen.contains("online") && tiles.count == DemoTickets.sessionKeys.count
                && tiles.allSatisfy {
                    $0.text.contains("? for shortcuts") || $0.text.contains("Do you want to proceed?")
                }
        }
    }

    /// Quits with `q` (answering the confirmation if one is asked) and checks that the shell got
    /// its normal screen back.
    func quitAndExpectRestored(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await tmux.send(keys: "q")
        if await tmux.waitForScreen(timeout: 3, { $0.contains("Quit?") }).ok { try await tmux.send(keys: "y") }
        let back = await tmux.waitForScreen { $0.contains("claudepm-exit=0") }
        #expect(back.ok, "claudepm did not exit cleanly:\n\(back.screen)", sourceLocation: sourceLocation)
        try await expectShellRestored(sourceLocation: sourceLocation)
    }

    /// The outer pane is an ordinary shell screen again: main screen, cursor shown, no mouse or
    /// keypad modes left on, and typed commands echo and run.
    func expectShellRestored(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(
            await tmux.paneValue("alternate_on") == "0", "alternate screen still on", sourceLocation: sourceLocation)
        #expect(await tmux.paneValue("cursor_flag") == "1", "cursor still hidden", sourceLocation: sourceLocation)
        #expect(await tmux.paneValue("mouse_any_flag") == "0", "mouse still on", sourceLocation: sourceLocation)
        #expect(await tmux.paneValue("keypad_flag") == "0", "keypad mode still on", sourceLocation: sourceLocation)
        try await tmux.type("echo restored-$((40+2))")
        let echoed = try await tmux.press("Enter") {
            $0.contains("echo restored-$((40+2))") && $0.contains("restored-42")
        }
        #expect(
            echoed.ok, "the shell does not echo and run commands:\n\(echoed.screen)", sourceLocation: sourceLocation)
    }

    /// The pid of the running claudepm (the shell's child), found through /proc.
    func claudepmPID() async -> pid_t? {
        guard let shell = pid_t(await tmux.paneValue("pane_pid")) else { return nil }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let name = stat[stat.index(after: stat.firstIndex(of: "(") ?? stat.startIndex)..<close]
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if name == "claudepm", fields.count > 1, pid_t(fields[1]) == shell { return pid }
        }
        return nil
    }

    /// What an agent's own tmux pane shows right now (from the demo's tmux server).
    func agentScreen(paneId: String) async -> String {
        (try? await server.demoTmux(["capture-pane", "-p", "-t", paneId])) ?? ""
    }

    /// The demo session working on ticket `key` (e.g. `CSM-004`).
    func session(ticket key: String) async throws -> Session {
        let sessions = try await rest.sessions()
        return try #require(sessions.first { $0.ticket?.externalId == key }, "no session for \(key)")
    }
}

/// Facts about the demo's fixture that the tests rely on.
enum DemoTickets {
    /// Ticket keys of the demo's agent sessions (its in-progress tickets).
    static let sessionKeys = ["CSM-003", "CSM-004", "API-001", "WEB-001"]
}
