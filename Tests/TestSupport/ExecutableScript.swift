// A script written for a test to run. Written through a descriptor opened with O_CLOEXEC and
// closed before the script runs: a descriptor Foundation opens for writing can be inherited by a
// child another test spawns at that moment, and while any process holds the file open for
// writing, running it fails with ETXTBSY ("text file busy").
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes executable scripts for tests.
public enum ExecutableScript {
    /// Writes `text` to `path` with mode 0755.
    public static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            bytes = bytes.dropFirst(written)
        }
        guard fchmod(fd, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
