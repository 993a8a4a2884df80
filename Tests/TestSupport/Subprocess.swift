// Runs programs for the end-to-end tests by argv (never through a shell), with output going to
// files rather than pipes. A tmux client that starts a tmux server leaves the daemon holding
// whatever descriptors the client inherited, so reading a pipe to EOF would hang for as long as
// that server lives; csupport_spawn also closes every descriptor above 2 in the child.
import CSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Errors of the end-to-end harness.
enum EndToEndError: Error, CustomStringConvertible {
    case launchFailed(program: String, errno: Int32)
    case fileFailed(path: String, errno: Int32)
    case commandFailed(argv: [String], status: Int32, output: String)
    case serverDidNotStart(log: String)

    var description: String {
        switch self {
        case .launchFailed(let program, let code): "cannot start \(program): errno \(code)"
        case .fileFailed(let path, let code): "cannot open \(path): errno \(code)"
        case .commandFailed(let argv, let status, let output): "\(argv) exited \(status): \(output)"
        case .serverDidNotStart(let log): "the demo server did not announce its URL; its log:\n\(log)"
        }
    }
}

/// Starting and running child processes.
enum Subprocess {
    /// The outcome of a finished run.
    struct Outcome: Sendable {
        /// Raw wait status (see `exitCode(_:)` / `terminatingSignal(_:)`).
        var status: Int32
        /// What the program wrote to stdout and stderr.
        var output: String
    }

    /// Starts `argv` (`argv[0]` an absolute path) with exactly `environment`; stdin is /dev/null and
    /// stdout/stderr are appended to `logPath` (or discarded). Returns the pid; the caller reaps it.
    static func spawn(_ argv: [String], environment: [String: String], logPath: String? = nil) throws -> pid_t {
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let outputPath = logPath ?? "/dev/null"
        let output = open(outputPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer {
            if input >= 0 { close(input) }
            if output >= 0 { close(output) }
        }
        guard input >= 0, output >= 0 else { throw EndToEndError.fileFailed(path: outputPath, errno: errno) }
        let argvC = cStrings(argv)
        let envC = cStrings(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        defer { for pointer in argvC + envC { free(pointer) } }
        let pid = csupport_spawn(argv[0], argvC, envC, input, output, output)
        guard pid > 0 else { throw EndToEndError.launchFailed(program: argv[0], errno: errno) }
        return pid
    }

    /// Runs `argv` to completion and returns its status and output. The wait happens on a thread of
    /// its own, so the test's executor is never blocked.
    static func run(_ argv: [String], environment: [String: String]) async throws -> Outcome {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-run-\(UUID())").path
        defer { unlink(log) }
        let pid = try spawn(argv, environment: environment, logPath: log)
        let status = await reap(pid)
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return Outcome(status: status, output: output)
    }

    /// Waits for `pid` to end (on its own thread) and returns the raw wait status.
    static func reap(_ pid: pid_t) async -> Int32 {
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
