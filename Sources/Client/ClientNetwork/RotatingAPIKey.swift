// A server's API key as it is now. Keys get rotated: the key file is rewritten while claudepm runs.
// The event socket re-reads the key source before every connect attempt, and every REST call or
// PTY stream opened afterwards uses the key read last. A source that cannot be read leaves the
// last good key in place (and says why in the log, never with the key).

import ClientCore
import Foundation
import Logging
import Synchronization

/// The current API key of one server, re-readable from its source.
public final class RotatingAPIKey: Sendable {
    private let value: Mutex<APIKey?>
    private let source: APIKeySource?
    private let environment: [String: String]
    private let logger = Logger(label: "claudepm.network.key")

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
