// The tmux side of the TUI comparisons: a tmux server of its own (so its CPU and memory are not
// mixed with claudepm-server's), windows split into tiled panes like a wall, and `tmux attach`
// clients in PTYs the bench watches through the same WatchedScreen as claudepm.
import Foundation

/// A separate tmux server for the same-run comparisons.
struct ComparisonTmux {
    let tmux: TmuxControl
    let root: URL

    /// Starts a server with one `cols`×`rows` session `session` (status line off).
    static func start(root: URL, session: String, cols: Int, rows: Int) throws -> ComparisonTmux {
        let tmux = TmuxControl(socketName: StageName.comparison.name)
        tmux.killServer()
        try tmux.newSession(session, cwd: root.path, command: "/bin/sh", cols: cols, rows: rows)
        return ComparisonTmux(tmux: tmux, root: root)
    }

    /// Splits the current window of `session` into `count` tiled panes; returns their ids.
    func tile(_ session: String, count: Int) throws -> [String] {
        for _ in 1..<count {
            try tmux.run(["split-window", "-d", "-t", "=\(session):", "-c", root.path, "/bin/sh"])
            try tmux.run(["select-layout", "-t", "=\(session):", "tiled"])
        }
        return try panes(session)
    }

    /// The pane ids of the current window of `session`.
    func panes(_ session: String) throws -> [String] {
        try tmux.run(["list-panes", "-t", "=\(session):", "-F", "#{pane_id}"]).split(separator: "\n").map(String.init)
    }

    /// A `tmux attach` client on `session` in a `cols`×`rows` PTY.
    func attach(
        _ session: String, cols: Int, rows: Int, armed: [String: WatchedScreen.Condition] = [:]
    ) throws
        -> PTYChild
    {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TERM"] = "xterm-256color"
        let screen = WatchedScreen(rows: rows, cols: cols)
        for (name, condition) in armed { screen.arm(name, condition) }
        return try PTYChild.spawn(
            [tmux.executable] + tmux.baseArguments + ["attach-session", "-t", "=\(session)"], environment: environment,
            screen: screen, cols: cols, rows: rows)
    }

    /// Runs `argv` in `pane`'s shell (every word single-quoted).
    func run(in pane: String, _ argv: [String]) throws {
        try tmux.sendLine(pane, argv.map(shellQuoted).joined(separator: " "))
    }

    /// The server's pid.
    func serverPid(_ session: String) -> Int32? { tmux.serverPid(session: session) }

    /// Stops the server.
    func stop() { tmux.killServer() }
}

/// `text` in single quotes for a POSIX shell (our own paths and numbers only, never user data).
func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
