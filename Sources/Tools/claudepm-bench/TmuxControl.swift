// tmux commands on the benchmark's own tmux server (`-L <socket>`), run with argv, never a shell.
import Foundation

/// Runs tmux commands against one socket.
struct TmuxControl: Sendable {
    let executable: String
    let socketName: String

    /// `-L <socket>` plus an empty config so user settings do not change the measurement.
    var baseArguments: [String] { ["-L", socketName, "-f", "/dev/null"] }

    /// Finds tmux in the usual places.
    init(socketName: String) {
        self.socketName = socketName
        executable =
            ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            } ?? "/usr/bin/tmux"
    }

    /// Runs one tmux command; returns its standard output, throws on a non-zero exit.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        // A file, not a pipe: the tmux server forked by the first command inherits stdout and would
        // keep a pipe open forever.
        let path = NSTemporaryDirectory() + "claudepm-bench-tmux-\(UUID().uuidString)"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw BenchError.setup("cannot create \(path)") }
        defer { unlink(path) }
        let devNull = open("/dev/null", O_WRONLY)
        let pid = try Spawn.start([executable] + baseArguments + arguments, stdout: fd, stderr: devNull)
        close(fd)
        close(devNull)
        let status = Spawn.wait(pid)
        guard status == 0 else { throw BenchError.setup("tmux \(arguments.first ?? "") exited with \(status)") }
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Creates a detached `cols`×`rows` session running `command`; status line off.
    func newSession(_ name: String, cwd: String, command: String, cols: Int, rows: Int) throws {
        try run(["new-session", "-d", "-s", name, "-c", cwd, "-x", String(cols), "-y", String(rows), command])
        try run(["set-option", "-g", "status", "off"])
    }

    /// A new window in `session` running `command`; returns its pane id.
    func newPane(session: String, cwd: String, command: String) throws -> String {
        try run(["new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "=\(session):", "-c", cwd, command])
    }

    /// Types `text` literally into `paneID`, then Enter.
    func sendLine(_ paneID: String, _ text: String) throws {
        try run(["send-keys", "-t", paneID, "-l", text])
        try run(["send-keys", "-t", paneID, "Enter"])
    }

    /// Stops the tmux server and removes its socket file (tmux leaves it behind). A server that
    /// outlives `kill-server` is signalled by its pid: once its socket is gone nothing else could
    /// reach it (one wall stage was found running 15 minutes after its bench had ended).
    func killServer() {
        let pid = serverPid()
        _ = try? run(["kill-server"])
        if let pid, pid > 0 {
            for attempt in 0..<40 where ProcStat.isRunning(pid: pid) {
                kill(pid, attempt < 20 ? SIGTERM : SIGKILL)
                usleep(50_000)
            }
        }
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(socketName)")
    }
}

extension TmuxControl {
    /// The tmux server's pid, if it runs (asked through `session`, or any session).
    func serverPid(session: String? = nil) -> Int32? {
        let target = session.map { ["-t", "=\($0):"] } ?? []
        return (try? run(["display-message", "-p"] + target + ["#{pid}"])).flatMap { Int32($0) }
    }
}
