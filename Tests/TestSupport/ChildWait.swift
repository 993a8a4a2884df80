// Waiting for a child without Foundation's `waitUntilExit`, which spins forever on a non-main
// thread when it misses the child's exit (seen here: a killed claudepm-server left a zombie and a
// test thread at 100 % CPU for half an hour). The waits block: call them through `offPool` from
// async code (`ChildWait.exit(of:)` does).

import Foundation

/// Waits for child processes started with Foundation's `Process`.
public enum ChildWait {
    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        /// It called exit with this code.
        case exited(Int32)
        /// A signal with this number ended it.
        case signaled(Int32)

        /// The status as a shell reports it (128 + n when a signal ended it).
        public var shellStatus: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }
    }

    /// Waits (blocking) for `process` and returns how it ended.
    public static func termination(of process: Process) -> Termination {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(process.processIdentifier, &status, 0) } while result < 0 && errno == EINTR
        if result < 0 {
            // Foundation reaped it first, so it has seen the exit and its own wait returns.
            process.waitUntilExit()
            let code = process.terminationStatus
            return process.terminationReason == .uncaughtSignal ? .signaled(code) : .exited(code)
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// Waits (blocking) for `process` and returns its exit status as a shell reports it.
    @discardableResult
    public static func exitStatus(of process: Process) -> Int32 {
        termination(of: process).shellStatus
    }

    /// Waits for `process` off the cooperative pool and returns how it ended.
    @discardableResult
    public static func exit(of process: Process) async -> Termination {
        return await offPool { termination(of: process) }
    }

    /// Sends SIGTERM to `process` if it still runs and reaps it on a thread of its own, without
    /// waiting: for `defer` blocks of async tests, which cannot await.
    public static func terminateInBackground(_ process: Process) {
        guard process.processIdentifier > 0 else { return }
        kill(process.processIdentifier, SIGTERM)
        Thread.detachNewThread { _ = termination(of: process) }
    }
}

extension ChildWait {
    /// Runs `tmux -L socket arguments…` with no input or output and returns its exit status (-1 if
    /// it cannot start); blocks. It is started by `Subprocess.spawn`: every descriptor above 2 is
    /// closed in the child (a tmux server this starts must not inherit another test's pipe; one
    /// once kept openssl's output pipe open and hung a test), and its signal mask is clean (a
    /// server started with Foundation's Process had SIGTERM blocked and survived `kill-server`).
    @discardableResult
    public static func tmux(socket: String, _ arguments: [String]) -> Int32 {
        guard let pid = startTmux(socket: socket, arguments) else { return -1 }
        return exitStatus(ofPID: pid)
    }

    /// Starts `tmux -L socket arguments…` as `tmux(socket:_:)` does, without waiting; nil if it
    /// cannot start. For deinits: the command runs to its end even if the test process exits
    /// first. Reap it with `exitStatus(ofPID:)`.
    public static func startTmux(socket: String, _ arguments: [String]) -> pid_t? {
        let argv = ["/usr/bin/tmux", "-L", socket] + arguments
        return try? Subprocess.spawn(argv, environment: ProcessInfo.processInfo.environment)
    }

    /// Waits (blocking) for the child `pid` and returns its exit status as a shell reports it.
    @discardableResult
    public static func exitStatus(ofPID pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
