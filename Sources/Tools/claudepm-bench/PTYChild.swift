// A program in a pseudo-terminal the bench owns (claudepm, or a `tmux attach` client for the
// comparisons): its output feeds a WatchedScreen on a reader thread, whose replies to terminal
// queries go back to the program like a real terminal's would; the bench types into it.
import CSupport
import Foundation

/// A child process on a PTY whose screen the bench watches.
final class PTYChild: Sendable {
    let pid: Int32
    private let fd: Int32
    let screen: WatchedScreen

    private init(pid: Int32, fd: Int32, screen: WatchedScreen) {
        self.pid = pid
        self.fd = fd
        self.screen = screen
    }

    /// Spawns `argv` (argv[0] an absolute path) on a `cols`×`rows` PTY with `environment`, feeding `screen`.
    static func spawn(
        _ argv: [String], environment: [String: String], screen: WatchedScreen, cols: Int, rows: Int
    )
        throws -> PTYChild
    {
        let arguments = argv.map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (arguments + envp).forEach { free($0) } }
        var fd: Int32 = -1
        let pid = (arguments + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                csupport_pty_spawn_clean(
                    argv[0], argvBuffer.baseAddress, envpBuffer.baseAddress, nil, UInt16(rows), UInt16(cols), &fd)
            }
        }
        guard pid > 0, fd >= 0 else { throw BenchError.setup("spawning \(argv[0]) in a PTY failed: errno \(errno)") }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let master = fd
        FDIO.readLoop(
            master,
            onChunk: { chunk in
                let reply = screen.feed(chunk)
                if !reply.isEmpty { try? FDIO.writeAll(master, reply) }
            },
            onEnd: { Foundation.close(master) })
        return PTYChild(pid: pid, fd: master, screen: screen)
    }

    /// Types `bytes`.
    func send(_ bytes: [UInt8]) throws { try FDIO.writeAll(fd, bytes) }

    /// Types `text`.
    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Terminates the program (SIGTERM, SIGKILL after 3 s) and reaps it; the reader closes the PTY.
    func stop() async {
        kill(pid, SIGTERM)
        for _ in 0..<300 {
            if !Spawn.isRunning(pid) { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
        kill(pid, SIGKILL)
        Spawn.wait(pid)
    }
}
