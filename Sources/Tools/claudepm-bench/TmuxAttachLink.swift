// The baseline: a local `tmux attach` client in a PTY we own, attached with the same commands
// claudepm-server uses for its own PTY (select-window, select-pane, attach-session).
import CSupport
import Foundation

/// A local tmux client attached to one pane.
struct TmuxAttachLink: TerminalLink {
    let pid: Int32
    let fd: Int32
    let output: AsyncStream<[UInt8]>

    /// Spawns `tmux attach` on `paneID` of `session` with a `cols`×`rows` terminal.
    static func open(tmux: TmuxControl, session: String, paneID: String, cols: Int, rows: Int) throws -> TmuxAttachLink
    {
        let arguments =
            tmux.baseArguments + ["select-window", "-t", paneID, ";", "select-pane", "-t", paneID, ";"]
            + ["attach-session", "-t", "=\(session)"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["TMUX"] = nil
        let argv = ([tmux.executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var fd: Int32 = -1
        let pid = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                csupport_pty_spawn_clean(
                    tmux.executable, argvBuffer.baseAddress, envpBuffer.baseAddress, nil, UInt16(rows), UInt16(cols),
                    &fd)
            }
        }
        guard pid > 0, fd >= 0 else { throw BenchError.setup("spawning tmux attach failed: errno \(errno)") }
        // The master comes back non-blocking; the reader thread wants blocking reads.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let (output, sink) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
        FDIO.readLoop(fd, onChunk: { sink.yield($0) }, onEnd: { sink.finish() })
        return TmuxAttachLink(pid: pid, fd: fd, output: output)
    }

    func send(_ bytes: [UInt8]) async throws { try FDIO.writeAll(fd, bytes) }

    func close() async {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        Foundation.close(fd)
    }
}
