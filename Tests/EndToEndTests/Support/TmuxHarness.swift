// Drives a program inside a private tmux server, the way a person would see it: send keys,
// capture the pane, resize the window. Each harness has its own socket and kills its server.
import Foundation

/// A private tmux server with one window running a command.
final class TmuxHarness {
    let socket = "claudepm-e2e-\(UUID().uuidString.prefix(8))"
    let target = "e2e"

    /// Starts `command` (argv) in a detached session of `cols` x `rows`, with `environment` added.
    init(command: [String], cols: Int = 120, rows: Int = 40, environment: [String: String] = [:]) throws {
        var argv = ["-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(cols)", "-y", "\(rows)"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { argv += ["-e", "\(name)=\(value)"] }
        argv += command
        try tmux(argv)
        try tmux(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Runs a tmux command on this server and returns its standard output.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Sends tmux key names (`Enter`, `C-]`, `q`).
    func send(keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types literal text.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// The visible pane as plain text.
    func screen() -> String {
        (try? tmux(["capture-pane", "-t", target, "-p"])) ?? ""
    }

    /// The visible pane with escape sequences for attributes.
    func screenWithAttributes() -> String {
        (try? tmux(["capture-pane", "-t", target, "-p", "-e"])) ?? ""
    }

    /// Resizes the window.
    func resize(cols: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(cols)", "-y", "\(rows)"])
    }

    /// A pane variable, e.g. `pane_pid`, `pane_dead`, `alternate_on`, `cursor_flag`.
    func paneValue(_ name: String) -> String {
        ((try? tmux(["display-message", "-t", target, "-p", "#{\(name)}"])) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls until `condition(screen)` holds or `seconds` pass; returns the last screen.
    @discardableResult
    func waitForScreen(timeout seconds: Double = 20, _ condition: (String) -> Bool) -> (ok: Bool, screen: String) {
        let end = Date().addingTimeInterval(seconds)
        var text = screen()
        while !condition(text) && Date() < end {
            usleep(100_000)
            text = screen()
        }
        return (condition(text), text)
    }

    /// Polls a pane variable until it equals `value`.
    @discardableResult
    func waitForPane(_ name: String, toBe value: String, timeout seconds: Double = 20) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while paneValue(name) != value && Date() < end { usleep(100_000) }
        return paneValue(name) == value
    }
}
