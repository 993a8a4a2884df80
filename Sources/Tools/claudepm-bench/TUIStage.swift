// The stage for the TUI scenarios: its own tmux server and claudepm-server, the sessions the
// wall shows and more for the list, a config file for `claudepm`, and launching `claudepm` in a
// PTY the bench watches. Each tile session is alone in its project's tmux session: the protocol's
// PTY is a tmux client of the whole tmux session (claude-pm-protocol.md 3.8), so tiles of windows of
// one tmux session would all show that session's current window. Tile sessions are created at
// the tile size (120×40) so tmux scrolls the tile clients' terminals and their scrollback fills.
import Foundation

/// Server, sessions and client launcher for the TUI scenarios.
final class TUIStage {
    static let cols = 200
    static let rows = 50
    static let tileProjectPrefix = "bench-tile-"

    let root: URL
    let tmux: TmuxControl
    private(set) var server: ServerFixture
    let clientBinary: String
    let benchBinary: String
    /// The sessions that get the 9 tiles, in display order.
    let tiles: [BenchTarget]
    /// How many sessions the list shows.
    let sessionCount: Int
    private let configPath: String

    private init(
        root: URL, tmux: TmuxControl, server: ServerFixture, clientBinary: String, tiles: [BenchTarget],
        sessionCount: Int, configPath: String
    ) {
        self.root = root
        self.tmux = tmux
        self.server = server
        self.clientBinary = clientBinary
        self.benchBinary =
            CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0] : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
        self.tiles = tiles
        self.sessionCount = sessionCount
        self.configPath = configPath
    }

    /// Starts tmux and the server, creates `tileCount` tile sessions and `sessionCount` in all.
    static func create(
        serverBinary: String, clientBinary: String, tileCount: Int = 9, sessionCount: Int = 50
    )
        async throws -> TUIStage
    {
        let root = StageName.tui.root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let tmux = TmuxControl(socketName: StageName.tui.name)
        try tmux.newSession("rest", cwd: root.path, command: "/bin/sh", cols: 80, rows: 24)
        let server: ServerFixture
        let tiles: [BenchTarget]
        do {
            server = try await ServerFixture.start(
                binary: serverBinary, dataDir: root.appendingPathComponent("data").path, tmuxSocket: tmux.socketName,
                command: "/bin/sh", log: root.appendingPathComponent("server.log").path)
        } catch {
            tmux.killServer()
            try? FileManager.default.removeItem(at: root)
            throw error
        }
        do {
            tiles = try createSessions(
                server: server, tmux: tmux, root: root, tileCount: tileCount, sessionCount: sessionCount)
        } catch {
            server.stop()
            tmux.killServer()
            try? FileManager.default.removeItem(at: root)
            throw error
        }
        let config = root.appendingPathComponent("config.toml").path
        try "[server.bench]\nurl = \"http://127.0.0.1:\(server.port)\"\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        return TUIStage(
            root: root, tmux: tmux, server: server, clientBinary: clientBinary, tiles: tiles,
            sessionCount: sessionCount, configPath: config)
    }

    /// The tile sessions (each in a project and tmux session of its own) and the rest of the list.
    private static func createSessions(
        server: ServerFixture, tmux: TmuxControl, root: URL, tileCount: Int, sessionCount: Int
    ) throws -> [BenchTarget] {
        var tiles: [BenchTarget] = []
        for index in 1...tileCount {
            let repo = root.appendingPathComponent("repo-\(index)")
            try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
            try tmux.newSession("tile\(index)", cwd: repo.path, command: "/bin/sh", cols: 120, rows: 40)
            let project = try server.createProject(
                name: "\(tileProjectPrefix)\(index)", repoPath: repo.path, tmuxSession: "tile\(index)")
            let session = try server.startSession(projectId: project)
            tiles.append(BenchTarget(sessionId: session.id, paneID: session.paneID))
        }
        let rest = try server.createProject(name: "bench-zz-rest", repoPath: root.path, tmuxSession: "rest")
        for _ in tileCount..<sessionCount { _ = try server.startSession(projectId: rest) }
        return tiles
    }

    /// Launches `claudepm` (the UI) on a `cols`×`rows` PTY; the screen is armed with `condition` first.
    /// With `serverPort` it talks to that loopback port (a latency proxy) instead of the server;
    /// `extra` variables are added to its environment.
    func launchClient(
        cols: Int = cols, rows: Int = rows, armed: [String: WatchedScreen.Condition] = [:], serverPort: Int? = nil,
        environment extra: [String: String] = [:]
    )
        throws -> PTYChild
    {
        var environment = Self.terminalEnvironment(stateRoot: root)
        environment["CLAUDEPM_CONFIG"] = configPath
        if let serverPort {
            let proxied = root.appendingPathComponent("config-\(serverPort).toml").path
            try "[server.bench]\nurl = \"http://127.0.0.1:\(serverPort)\"\n".write(
                toFile: proxied, atomically: true, encoding: .utf8)
            environment["CLAUDEPM_CONFIG"] = proxied
        }
        environment.merge(extra) { $1 }
        let screen = WatchedScreen(rows: rows, cols: cols)
        for (name, condition) in armed { screen.arm(name, condition) }
        return try PTYChild.spawn([clientBinary], environment: environment, screen: screen, cols: cols, rows: rows)
    }

    /// The environment a program the bench runs in a PTY gets: ours without `CLAUDEPM_*` and
    /// `TMUX`, an xterm-256color terminal, and its config, state and data under `stateRoot`.
    static func terminalEnvironment(stateRoot: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CLAUDEPM_") }
        environment["TMUX"] = nil
        environment["TERM"] = "xterm-256color"
        environment["XDG_CONFIG_HOME"] = stateRoot.appendingPathComponent("config").path
        environment["XDG_STATE_HOME"] = stateRoot.appendingPathComponent("state").path
        environment["XDG_DATA_HOME"] = stateRoot.appendingPathComponent("data").path
        return environment
    }

    /// Waits until `client` shows the wall with every tile connected (no "connecting…" left).
    func waitForWall(_ client: PTYChild, tiles: Int = 9) async throws {
        let prefix = Self.tileProjectPrefix
        try await client.screen.waitUntil("the wall", timeout: .seconds(60)) { lines in
            return lines.contains { $0.contains("\(prefix)1") } && !lines.contains { $0.contains("connecting") }
                && lines.filter { $0.contains("┌") || $0.contains("╭") || $0.contains("+-") }.count >= 3
        }
        client.screen.debugDump("wall")
    }

    /// Makes sure the server keeps a journal or not (relaunching it on the same data if not).
    func useJournal(_ journal: Bool) async throws {
        guard server.keepsJournal != journal || !server.isRunning else { return }
        server = try await server.relaunched(journal: journal)
    }

    /// The server's journal directory.
    var journalDirectory: URL { root.appendingPathComponent("data/journal") }

    /// Runs `argv` in `pane` (typed into its shell; every word single-quoted).
    func run(in pane: String, _ argv: [String]) throws {
        try tmux.sendLine(pane, argv.map(shellQuoted).joined(separator: " "))
    }

    /// Interrupts what runs in `pane` (Ctrl-C) and clears it.
    func interrupt(_ pane: String) throws {
        try tmux.run(["send-keys", "-t", pane, "C-c"])
        try tmux.sendLine(pane, "clear")
    }

    /// claudepm-server, the tmux clients it runs for PTY streams, and the tmux server of the sessions.
    var serverPids: [Int32] {
        servingParts.flatMap(\.1)
    }

    /// The serving side by kind: claudepm-server, its children (the tmux control clients), the tmux server.
    var servingParts: [(String, [Int32])] {
        [
            ("claudepm-server", [server.pid]), ("its tmux control clients", ProcStat.children(of: server.pid)),
            ("tmux server", tmux.serverPid(session: "rest").map { [$0] } ?? []),
        ]
    }

    /// Stops the server and tmux and removes the directory.
    func tearDown() {
        server.stop()
        tmux.killServer()
        try? FileManager.default.removeItem(at: root)
    }
}
