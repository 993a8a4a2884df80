// A swift-log handler that keeps every line (at trace level, metadata included) for tests that
// assert what the server logs, and what it never logs.
import Logging
import Synchronization

final class LogCapture: Sendable {
    private let storage = Mutex<[String]>([])

    /// Every line so far: `level message key=value…`.
    var lines: [String] { storage.withLock { $0 } }

    /// A logger whose lines land here.
    var logger: Logger {
        var logger = Logger(label: "capture") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    func append(_ line: String) { storage.withLock { $0.append(line) } }

    struct Handler: LogHandler {
        let capture: LogCapture
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            let meta = merged.map { "\($0)=\($1)" }.sorted().joined(separator: " ")
            let error = event.error.map { " error=\($0)" } ?? ""
            capture.append("\(event.level) \(event.message) \(meta)\(error) \(event.source) \(event.function)")
        }
    }
}
