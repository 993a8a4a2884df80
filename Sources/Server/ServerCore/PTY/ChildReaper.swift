// Reaps one child process with a blocking waitpid on a dedicated thread (libdispatch has no
// process-exit sources on Linux) and hands the exit code to any number of async waiters.
import Foundation
import Synchronization

/// Waits for a child to exit and remembers its exit code (128+signal when it was killed by a signal).
final class ChildReaper: Sendable {
    private struct State {
        var exitCode: Int32?
        var waiters: [CheckedContinuation<Int32, Never>] = []
    }

    private let state = Mutex(State())

    /// Starts reaping `pid` on a new thread.
    init(pid: Int32) {
        let thread = Thread { [self] in
            let code = Self.blockingWait(pid)
            let waiters = state.withLock { state -> [CheckedContinuation<Int32, Never>] in
                state.exitCode = code
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(returning: code) }
        }
        thread.name = "claudepm-reaper-\(pid)"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// The exit code if the child has already been reaped.
    var exitCode: Int32? { state.withLock { $0.exitCode } }

    /// Waits for the child to exit and returns its exit code.
    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let code = state.withLock { state -> Int32? in
                if let code = state.exitCode { return code }
                state.waiters.append(continuation)
                return nil
            }
            if let code { continuation.resume(returning: code) }
        }
    }

    /// Blocks until `pid` exits; returns its decoded exit code (-1 if it cannot be waited for).
    static func blockingWait(_ pid: Int32) -> Int32 {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, 0)
            if result == pid { return decode(status) }
            if result == -1 && errno == EINTR { continue }
            return -1
        }
    }

    /// Decodes a wait status: exit code, or 128 + signal number (the macros are not visible from Swift).
    static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
