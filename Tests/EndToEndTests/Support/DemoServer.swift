// Starts `claudepm-server --demo --port 0` in a directory of its own and reads its URL from the
// first line it prints (`listening on URL`, printed once the demo sessions exist). Its output goes
// to a log file, never a pipe (the demo's tmux server would inherit a pipe and hold it open).
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A demo server process for one test. Call `stop()` at the end, also after a failure.
final class DemoServer: Stoppable {
    /// The server's base URL, e.g. `http://127.0.0.1:41234`.
    let url: String
    /// The server's pid.
    let pid: pid_t
    /// Everything of this test lives under here (TMPDIR of the server, the client's HOME).
    let directory: URL
    /// The demo's own tmux socket (the server names it after its pid).
    var demoSocket: String { "claudepm-demo-\(pid)" }
    /// Where the server's stdout and stderr go.
    var logPath: String { directory.appendingPathComponent("server.log").path }

    private init(url: String, pid: pid_t, directory: URL) {
        self.url = url
        self.pid = pid
        self.directory = directory
    }

    /// Starts a demo server (or, with other `arguments`, a plain one) and waits (up to 60 s) for
    /// its URL. `launcher` goes before the server's argv (e.g. `ip netns exec <namespace>`, which
    /// execs the server: the pid stays the server's).
    static func start(
        environment: [String: String], directory: URL, arguments: [String] = ["--demo"], launcher: [String] = []
    ) async throws -> DemoServer {
        var environment = environment
        environment["TMPDIR"] = directory.path
        let log = directory.appendingPathComponent("server.log").path
        let pid = try Subprocess.spawn(
            launcher + [Binaries.path("claudepm-server"), "--port", "0"] + arguments, environment: environment,
            logPath: log)
        // If this test's teardown never runs (the runner exits first), the demo's tmux server
        // (named after the pid) must not outlive the run.
        TmuxSweep.killAtExit(socket: "claudepm-demo-\(pid)")
        let end = Date().addingTimeInterval(60)
        var exited = false
        while Date() < end, !exited {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let url = announcedURL(in: text) { return DemoServer(url: url, pid: pid, directory: directory) }
            var status: Int32 = 0
            exited = waitpid(pid, &status, WNOHANG) == pid
            try? await Task.sleep(for: .milliseconds(100))
        }
        let server = DemoServer(url: "", pid: pid, directory: directory)
        if !exited { await server.stop() }
        throw EndToEndError.serverDidNotStart(log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// The URL from a `listening on URL` line, once the line is complete.
    private static func announcedURL(in log: String) -> String? {
        for line in log.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        where line.hasPrefix("listening on ") {
            return String(line.dropFirst("listening on ".count)).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// Stops the server (SIGTERM, then SIGKILL if it lingers) and kills the demo's tmux server,
    /// which the server normally removes itself.
    /// A server the test killed and reaped itself is not signalled again (its pid may be reused).
    func stop() async {
        var status: Int32 = 0
        // -1: no such child any more (reaped already).
        var reaped = waitpid(pid, &status, WNOHANG) != 0
        if !reaped { kill(pid, SIGTERM) }
        let end = Date().addingTimeInterval(15)
        while !reaped, Date() < end {
            reaped = waitpid(pid, &status, WNOHANG) != 0
            if !reaped { try? await Task.sleep(for: .milliseconds(100)) }
        }
        if !reaped {
            kill(pid, SIGKILL)
            _ = await Subprocess.reap(pid)
        }
        _ = try? await TmuxHarness.run(socket: demoSocket, ["kill-server"], environment: [:])
        // kill-server reaches only a server under the TMUX_TMPDIR of this process; the sweep finds
        // the demo's tmux processes by their `-L` argument wherever their socket is.
        TmuxSweep.killAll(socket: demoSocket)
        TmuxHarness.removeSocketFile(demoSocket)
    }

    /// Runs a tmux command on the demo's tmux server (to look at an agent's real pane).
    func demoTmux(_ arguments: [String]) async throws -> String {
        try await TmuxHarness.run(socket: demoSocket, arguments, environment: [:])
    }
}
