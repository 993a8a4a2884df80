// The windows claudepm must put back, on disk: written (0600, atomically: a temporary file
// renamed over the old one) before each change to a window, so a server killed with SIGKILL
// in the middle of an attach restores them at its next start. No records, no file. A file that
// cannot be read is moved aside (`.unreadable`), never overwritten, and the reason logged.
import Foundation
import Glibc

/// The on-disk list of `WindowSizeRecord`s (nil `url`: kept in memory only).
struct WindowSizeLedger: Sendable {
    /// The file, or nil for none.
    let url: URL?

    private struct Contents: Codable {
        var version = 1
        var windows: [WindowSizeRecord]
    }

    /// The records in the file (none when there is no file); a file that cannot be decoded is
    /// moved aside and the reason returned.
    func load() -> (records: [WindowSizeRecord], problem: String?) {
        guard let url, FileManager.default.fileExists(atPath: url.path) else { return ([], nil) }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: try Data(contentsOf: url))
            return (contents.windows, nil)
        } catch {
            let aside = url.appendingPathExtension("unreadable")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: url, to: aside)
            return ([], "\(url.path) could not be read (\(error)); moved to \(aside.lastPathComponent)")
        }
    }

    /// Replaces the file's records with `records` (removes the file when there are none).
    func save(_ records: [WindowSizeRecord]) throws {
        guard let url else { return }
        guard !records.isEmpty else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        try DataDirectory.prepare(url.deletingLastPathComponent())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Contents(windows: records))
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
        try Self.write(data, to: temporary.path)
        guard rename(temporary.path, url.path) == 0 else {
            throw ServerError.configuration("cannot replace \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `data` to a fresh 0600 file at `path` and flushes it to disk.
    private static func write(_ data: Data, to path: String) throws {
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, DataDirectory.fileMode)
        guard fd >= 0 else {
            throw ServerError.configuration("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == data.count, fsync(fd) == 0 else {
            throw ServerError.configuration("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
