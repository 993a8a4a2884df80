// FileLogHandler: swift-log backend that appends lines to a file. The UI owns the screen, so
// the client never logs to stdout/stderr while it runs; it logs to
// $XDG_STATE_HOME/claudepm/claudepm.log instead.
import Foundation
import Logging
import Synchronization

/// An open, append-only log file shared by every logger of the process.
public final class LogFile: Sendable {
    private let handle: Mutex<FileHandle?>

    /// Opens (creating directories as needed) `path` for appending.
    public init(path: String) throws(RuntimeError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            }
            let file = try FileHandle(forWritingTo: url)
            try file.seekToEnd()
            handle = Mutex(file)
        } catch {
            throw .invalidConfiguration("cannot open log file \(path): \(error)")
        }
    }

    /// Appends one line.
    public func append(_ line: String) {
        let data = Data((line + "\n").utf8)
        handle.withLock { file in try? file?.write(contentsOf: data) }
    }

    /// The default location: `$XDG_STATE_HOME/claudepm/claudepm.log` (or ~/.local/state/…).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/claudepm/claudepm.log"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/state/claudepm/claudepm.log"
    }
}

/// A swift-log handler writing `timestamp level [label] message key=value` lines to a `LogFile`.
public struct FileLogHandler: LogHandler {
    private let file: LogFile
    private let label: String
    /// Metadata attached to every message of this handler.
    public var metadata: Logger.Metadata = [:]
    /// The lowest level written.
    public var logLevel: Logger.Level

    /// A handler for `label` writing to `file`.
    public init(label: String, file: LogFile, level: Logger.Level = .info) {
        self.label = label
        self.file = file
        self.logLevel = level
    }

    /// Reads or writes one metadata entry.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Formats and appends one message.
    public func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let fields = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let stamp = ISO8601DateFormatter().string(from: Date())
        file.append("\(stamp) \(event.level) [\(label)] \(event.message)\(fields)")
    }
}
