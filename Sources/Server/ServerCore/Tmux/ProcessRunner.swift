// Runs a short-lived helper program (tmux) with an argv array, never through a shell, and collects
// its exit status, stdout and stderr without blocking the caller's executor. Each run waits on its own
// thread: GCD's global pool is only as wide as the core count on Linux, so blocking it deadlocks.
import CSupport
import Foundation

/// The outcome of one finished subprocess.
struct ProcessResult: Sendable {
    var status: Int32
    var stdout: Data
    var stderr: Data
}

/// Runs programs by argv.
enum ProcessRunner {
    /// Runs `executable` (a path, or a name looked up in PATH) with `arguments` and `environment`.
    static func run(
        executable: String, arguments: [String], environment: [String: String]
    ) async throws(TmuxError) -> ProcessResult {
        guard let url = resolve(executable) else { throw .launchFailed(executable: executable, reason: "not found") }
        let outcome: Result<ProcessResult, TmuxError> = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: runBlocking(url: url, arguments: arguments, environment: environment))
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        return try outcome.get()
    }

    /// Finds an executable: a name with a slash is taken as is; otherwise each PATH entry is tried.
    static func resolve(_ executable: String) -> URL? {
        if executable.contains("/") {
            return FileManager.default.isExecutableFile(atPath: executable) ? URL(fileURLWithPath: executable) : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }

    private static func runBlocking(
        url: URL, arguments: [String], environment: [String: String]
    ) -> Result<ProcessResult, TmuxError> {
        // Output goes to unlinked temporary files, not pipes, and the child gets no other descriptor
        // of ours: a tmux client that starts the server leaves the daemon holding whatever it
        // inherited, so a pipe (or Foundation.Process's own exit pipe) would never reach EOF.
        guard let stdout = UnlinkedFile(), let stderr = UnlinkedFile() else {
            return .failure(.launchFailed(executable: url.path, reason: "cannot create temporary files"))
        }
        let devNull = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { if devNull >= 0 { close(devNull) } }
        let pid: pid_t
        do {
            let argv = try CStringArray([url.path] + arguments)
            let envp = try CStringArray(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
            pid = argv.withPointers { argvPointer in
                envp.withPointers { csupport_spawn(url.path, argvPointer, $0, devNull, stdout.fd, stderr.fd) }
            }
        } catch {
            return .failure(.invalidArgument("\(error)"))
        }
        guard pid > 0 else { return .failure(.launchFailed(executable: url.path, reason: "errno \(errno)")) }
        let status = ChildReaper.blockingWait(pid)
        return .success(ProcessResult(status: status, stdout: stdout.contents(), stderr: stderr.contents()))
    }
}

/// A temporary file that is unlinked at once; closed when its contents are read.
private struct UnlinkedFile {
    let fd: Int32

    init?() {
        let path = NSTemporaryDirectory() + "claudepm-run-\(UUID().uuidString)"
        fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        unlink(path)
    }

    /// Everything written to the file; closes it.
    func contents() -> Data {
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        try? handle.seek(toOffset: 0)
        return (try? handle.readToEnd()) ?? Data()
    }
}
