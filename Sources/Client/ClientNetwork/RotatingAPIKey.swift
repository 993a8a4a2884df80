// A server's API key as it is now. Keys get rotated: the key file is rewritten while claudepm runs.
// The event socket and every PTY stream re-read the key source before each connect attempt, and
// every REST call made afterwards uses the key read last. A source that cannot be read leaves the
// last good key in place (and says why in the log, never with the key). The logger is made when a
// line is written, not with the key: keys are made by the CLI before the UI routes logging to its
// log file, and a logger made then would write onto the full-screen UI.

import ClientCore
import Foundation
import Logging
import Synchronization

/// The current API key of one server, re-readable from its source.
public final class RotatingAPIKey: Sendable {
    private let value: Mutex<APIKey?>
    private let source: APIKeySource?
    private let environment: [String: String]
    private var logger: Logger { Logger(label: "claudepm.network.key") }

    /// A key read from `source` (or given, with no source to re-read).
    public init(
        _ key: APIKey?, source: APIKeySource?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        value = Mutex(key)
        self.source = source
        self.environment = environment
    }

    /// The key read last.
    public var current: APIKey? { value.withLock { $0 } }

    /// Reads the source again. Returns true when the key changed; a source that cannot be read
    /// keeps the last key and returns false.
    @discardableResult
    public func reload(server: String) -> Bool {
        guard let source else { return false }
        let fresh: APIKey
        do {
            fresh = try ClientAPIKeyLoader.load(source, environment: environment)
        } catch {
            logger.warning("server \(server): cannot re-read the API key (\(source)): \(error.description)")
            return false
        }
        let changed = value.withLock { key -> Bool in
            defer { key = fresh }
            return key != fresh
        }
        if changed {
            logger.notice("server \(server): the API key changed at its source (\(source)); using the new one")
        }
        return changed
    }
}
