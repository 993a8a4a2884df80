// A swift-log handler that keeps every line (at trace level, metadata included) for tests that
// assert what the server or the client logs, and what it never logs (the API key).
import Logging
import Synchronization

/// Keeps every line logged through `logger`.
public final class LogCapture: Sendable {
    /// An empty capture.
    public init() {}

    private let storage = Mutex<[String]>([])

    /// Every line so far: `level message key=value…`.
    public var lines: [String] { storage.withLock { $0 } }

    /// A logger whose lines land here.
    public var logger: Logger {
        var logger = Logger(label: "capture") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    /// Adds a line.
    public func append(_ line: String) { storage.withLock { $0.append(line) } }

    /// The handler behind `logger`.
    public struct Handler: LogHandler {
        let capture: LogCapture
        public var logLevel: Logger.Level = .trace
        public var metadata: Logger.Metadata = [:]

        public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        public func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            let meta = merged.map { "\($0)=\($1)" }.sorted().joined(separator: " ")
            let error = event.error.map { " error=\($0)" } ?? ""
            capture.append("\(event.level) \(event.message) \(meta)\(error) \(event.source) \(event.function)")
        }
    }
}
