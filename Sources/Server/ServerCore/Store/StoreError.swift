// Errors of the store layer that the HTTP layer maps to statuses (unavailable → 503).
import Foundation

/// A failure of the store itself, as opposed to a service's own checks.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database cannot be reached now; the request may be retried later.
    case unavailable(String)
    /// A column was missing, null or of the wrong type.
    case badColumn(String)
    /// The `--database` value is not a URL this server understands.
    case badURL(String)

    public var description: String {
        switch self {
        case .unavailable(let why): "database unavailable: \(why)"
        case .badColumn(let c): "database column '\(c)' is missing or of the wrong type"
        case .badURL(let why): "bad database URL: \(why)"
        }
    }
}
