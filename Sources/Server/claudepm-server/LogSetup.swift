// swift-log to stderr, or appended to --log-file.
import Foundation
import Logging

enum LogSetup {
    static func make(file: String?) throws -> Logger {
        guard let file else { return Logger(label: "claudepm-server") { StreamLogHandler.standardError(label: $0) } }
        if !FileManager.default.fileExists(atPath: file) {
            _ = FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        guard let handle = FileHandle(forWritingAtPath: file) else {
            throw StartupFailure(description: "cannot open log file \(file)")
        }
        handle.seekToEndOfFile()
        return Logger(label: "claudepm-server") { ServerLogHandler(label: $0, handle: handle) }
    }
}

/// A LogHandler appending one line per message to a file.
struct ServerLogHandler: LogHandler {
    let label: String
    let handle: FileHandle
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let meta = merged.isEmpty ? "" : " " + merged.map { "\($0)=\($1)" }.sorted().joined(separator: " ")
        let line = "\(ISO8601DateFormatter().string(from: Date())) \(event.level) \(label):\(meta) \(event.message)\n"
        handle.write(Data(line.utf8))
    }
}
