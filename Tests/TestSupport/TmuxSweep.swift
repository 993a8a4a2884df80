// Ends every process of a private tmux socket: its server and any client still attached (a
// claudepm-server's control clients). For test fixtures' teardown: `tmux kill-server` on tmux
// 3.3a never finishes while a control client is attached that nobody reads, and a test process
// that exits right after its teardown cannot wait for the server to let them go first.

import Foundation
import Synchronization

/// Finds and kills the processes of one tmux socket.
public enum TmuxSweep {
    /// Sockets to sweep when the test process exits, in case their owner's teardown never ran.
    private static let atExit = Mutex<Set<String>?>(nil)

    /// Sweeps `socket` when the test process exits (a fixture that is still referenced when the
    /// test runner calls `exit` is never torn down; its tmux server would outlive the run).
    public static func killAtExit(socket: String) {
        let first = atExit.withLock { sockets -> Bool in
            defer { sockets = (sockets ?? []).union([socket]) }
            return sockets == nil
        }
        if first { atexit { TmuxSweep.sweepAtExit() } }
    }

    private static func sweepAtExit() {
        for socket in atExit.withLock({ $0 ?? [] }) { killAll(socket: socket) }
    }

    /// Sends SIGKILL to every process whose arguments name `-L socket`; returns how many.
    /// The socket names tests use are unique (`claudepm-test-<uuid>`), so nothing else matches.
    @discardableResult
    public static func killAll(socket: String) -> Int {
        var killed = 0
        for pid in processIDs() {
            let argv = arguments(of: pid)
            guard zip(argv, argv.dropFirst()).contains(where: { $0 == "-L" && $1 == socket }) else { continue }
            if kill(pid, SIGKILL) == 0 { killed += 1 }
        }
        return killed
    }

    private static func processIDs() -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { pid_t($0) }.filter { $0 != getpid() }
    }

    /// The process's argv, split on NULs ([] once it is gone).
    private static func arguments(of pid: pid_t) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
