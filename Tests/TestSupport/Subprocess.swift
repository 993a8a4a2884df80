// Runs programs for tests by argv (never through a shell), with output going to files rather than
// pipes, and with a clean signal mask and default handlers: a child started with Foundation's
// Process inherits the spawning thread's blocked signals, and a tmux server started that way has
// SIGTERM blocked for life, so `kill-server` (which is a SIGTERM to itself) leaves it running. A tmux client that starts a tmux server leaves the daemon holding
// whatever descriptors the client inherited, so reading a pipe to EOF would hang for as long as
// that server lives; csupport_spawn also closes every descriptor above 2 in the child.
import CSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a child could not be started.
public enum SubprocessError: Error, CustomStringConvertible {
    /// posix_spawn failed.
    case launchFailed(program: String, errno: Int32)
    /// The output file (or /dev/null) could not be opened.
    case fileFailed(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .launchFailed(let program, let code): "cannot start \(program): errno \(code)"
        case .fileFailed(let path, let code): "cannot open \(path): errno \(code)"
        }
    }
}

/// Starting and running child processes.
public enum Subprocess {
    /// The outcome of a finished run.
    public struct Outcome: Sendable {
        /// Raw wait status (see `exitCode(_:)` / `terminatingSignal(_:)`).
        public var status: Int32
        /// What the program wrote to stdout and stderr.
        public var output: String
    }

    /// Starts `argv` (`argv[0]` an absolute path) with exactly `environment`; stdin is /dev/null and
    /// stdout/stderr are appended to `logPath` (or discarded). Returns the pid; the caller reaps it.
    public static func spawn(_ argv: [String], environment: [String: String], logPath: String? = nil) throws -> pid_t {
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let outputPath = logPath ?? "/dev/null"
        let output = open(outputPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer {
            if input >= 0 { close(input) }
            if output >= 0 { close(output) }
        }
        guard input >= 0, output >= 0 else { throw SubprocessError.fileFailed(path: outputPath, errno: errno) }
        let argvC = cStrings(argv)
        let envC = cStrings(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        defer { for pointer in argvC + envC { free(pointer) } }
        let pid = csupport_spawn(argv[0], argvC, envC, input, output, output)
        guard pid > 0 else { throw SubprocessError.launchFailed(program: argv[0], errno: errno) }
        return pid
    }

    /// Runs `argv` to completion and returns its status and output. The wait happens on a thread of
    /// its own, so the test's executor is never blocked.
    public static func run(_ argv: [String], environment: [String: String]) async throws -> Outcome {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-run-\(UUID())").path
        defer { unlink(log) }
        let pid = try spawn(argv, environment: environment, logPath: log)
        let status = await reap(pid)
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return Outcome(status: status, output: output)
    }

    /// Waits for `pid` to end (on its own thread) and returns the raw wait status.
    public static func reap(_ pid: pid_t) async -> Int32 {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                continuation.resume(returning: status)
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
    }

    /// A NULL-terminated array of C copies of `strings`; the caller frees each element.
    private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { strdup($0) } + [nil]
    }
}
