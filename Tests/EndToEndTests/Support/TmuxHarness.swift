// Drives a program inside a private tmux server, the way a person would see it: send keys,
// capture the pane, resize the window. Each harness has its own socket (`claudepm-e2e-*`, which
// Scripts/reap-test-tmux also matches) and kills its server in `stop()`.
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A private tmux server with one window running a command.
final class TmuxHarness: Stoppable {
    /// The tmux socket name (`tmux -L`).
    let socket: String
    /// The session (and so the pane) the tests drive.
    let target = "e2e"
    private let environment: [String: String]

    private init(socket: String, environment: [String: String]) {
        self.socket = socket
        self.environment = environment
    }

    /// Starts `command` (argv) in a detached session of `cols` x `rows`. The tmux server and the
    /// command get exactly `environment` (plus what tmux itself sets).
    static func start(
        command: [String], cols: Int, rows: Int, environment: [String: String]
    ) async throws -> TmuxHarness {
        let harness = TmuxHarness(socket: "claudepm-e2e-\(UUID().uuidString.prefix(8))", environment: environment)
        let size = ["-x", "\(cols)", "-y", "\(rows)"]
        do {
            try await harness.tmux(["new-session", "-d", "-s", harness.target] + size + command)
            try await harness.tmux(["set-option", "-t", harness.target, "remain-on-exit", "on"])
        } catch {
            await harness.stop()
            throw error
        }
        return harness
    }

    /// Kills this tmux server and removes its socket file (tmux leaves it behind).
    func stop() async {
        _ = try? await Self.run(socket: socket, ["kill-server"], environment: environment)
        Self.removeSocketFile(socket)
    }

    /// Removes the socket file of a tmux server that is gone (`$TMUX_TMPDIR/tmux-<uid>/<name>`).
    static func removeSocketFile(_ name: String) {
        let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(base)/tmux-\(getuid())/\(name)")
    }

    /// Runs a tmux command on this server and returns its output; a failing command throws.
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        try await Self.run(socket: socket, arguments, environment: environment)
    }

    /// Runs `tmux -L socket -f /dev/null arguments…`.
    static func run(socket: String, _ arguments: [String], environment: [String: String]) async throws -> String {
        let argv = [tmuxPath, "-L", socket, "-f", "/dev/null"] + arguments
        var environment = environment
        // Where sockets live must agree with removeSocketFile and Scripts/reap-test-tmux.
        environment["TMUX_TMPDIR"] = ProcessInfo.processInfo.environment["TMUX_TMPDIR"]
        let outcome = try await Subprocess.run(argv, environment: environment)
        guard outcome.status == 0 else {
            throw EndToEndError.commandFailed(argv: argv, status: outcome.status, output: outcome.output)
        }
        return outcome.output
    }

    /// Where tmux is installed.
    static let tmuxPath: String =
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? "/usr/bin/tmux"

    /// Sends tmux key names (`Enter`, `C-]`, `q`).
    func send(keys: String...) async throws {
        try await tmux(["send-keys", "-t", target] + keys)
    }

    /// Types literal text.
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", target, "-l", "--", text])
    }

    /// The visible pane as plain text.
    func screen() async -> String {
        (try? await tmux(["capture-pane", "-t", target, "-p"])) ?? ""
    }

    /// The visible pane with SGR escapes (to see what is highlighted).
    func screenWithAttributes() async -> String {
        (try? await tmux(["capture-pane", "-t", target, "-p", "-e"])) ?? ""
    }

    /// Resizes the window.
    func resize(cols: Int, rows: Int) async throws {
        try await tmux(["resize-window", "-t", target, "-x", "\(cols)", "-y", "\(rows)"])
    }

    /// A pane variable, e.g. `pane_pid`, `alternate_on`, `cursor_flag`.
    func paneValue(_ name: String) async -> String {
        ((try? await tmux(["display-message", "-t", target, "-p", "#{\(name)}"])) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls until `condition(screen)` holds or `seconds` pass; returns whether it held and the
    /// last screen seen (for failure messages).
    @discardableResult
    /// Sends `keys` (tmux key names), then waits as `waitForScreen` does for what they should
    /// show: the one step of most end-to-end tests.
    func press(
        _ keys: String..., timeout seconds: Double = 20, until condition: (String) -> Bool
    ) async throws -> (ok: Bool, screen: String) {
        try await tmux(["send-keys", "-t", target] + keys)
        return await waitForScreen(timeout: seconds, condition)
    }

    func waitForScreen(
        timeout seconds: Double = 20, _ condition: (String) -> Bool
    ) async -> (ok: Bool, screen: String) {
        let end = Date().addingTimeInterval(seconds)
        var text = await screen()
        while !condition(text) && Date() < end {
            try? await Task.sleep(for: .milliseconds(150))
            text = await screen()
        }
        return (condition(text), text)
    }
}
