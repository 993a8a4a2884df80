// Child processes without Foundation's Process (whose exit monitoring hung in this async tool on
// Linux: the child stayed a zombie and waitUntilExit never returned). posix_spawn + waitpid.
import CSupport
import Foundation

/// Starts and reaps child processes.
enum Spawn {
    /// Starts `argv[0]` (an absolute path) with stdin from /dev/null and the given output descriptors.
    static func start(_ argv: [String], stdout: Int32, stderr: Int32) throws -> pid_t {
        let devNull = open("/dev/null", O_RDONLY)
        defer { close(devNull) }
        let arguments = argv.map { strdup($0) }
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (arguments + environment).forEach { free($0) } }
        let pid = (arguments + [nil]).withUnsafeBufferPointer { argvBuffer in
            (environment + [nil]).withUnsafeBufferPointer { envpBuffer in
                csupport_spawn(argv[0], argvBuffer.baseAddress, envpBuffer.baseAddress, devNull, stdout, stderr)
            }
        }
        guard pid > 0 else { throw BenchError.setup("spawning \(argv[0]) failed: errno \(errno)") }
        return pid
    }

    /// Waits for `pid` and returns its exit status (128 + signal when killed).
    @discardableResult
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// True while `pid` has not exited (reaps it if it has).
    static func isRunning(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }
}
