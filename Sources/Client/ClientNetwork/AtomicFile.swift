// Crash-safe file replacement: write a temporary file next to the target, fsync it, rename it
// over the target, then fsync the directory. A crash at any point leaves either the old file or
// the new one, never a mix; a left-over temporary file is simply ignored by readers.

import Foundation

/// Atomic writes of whole files.
public enum AtomicFile {
    /// The suffix of temporary files; readers must ignore files ending with it.
    public static let temporarySuffix = ".tmp"

    /// Replaces the file at `path` with `data` atomically, creating parent directories (0700).
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws(ClientNetworkError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .localFile(path: directory, detail: "cannot create directory: \(error.localizedDescription)")
        }
        let temporary = path + ".\(getpid())" + temporarySuffix
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw failure(temporary, "cannot create") }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written, synced else {
            unlink(temporary)
            throw failure(temporary, "cannot write")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw failure(path, "cannot replace")
        }
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    private static func failure(_ path: String, _ what: String) -> ClientNetworkError {
        .localFile(path: path, detail: "\(what): \(String(cString: strerror(errno)))")
    }
}
