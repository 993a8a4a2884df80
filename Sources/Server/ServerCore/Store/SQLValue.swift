// One value bound to, or read from, a statement of either store engine (SQLite or PostgreSQL).
import Foundation

/// A database value, independent of the engine.
public enum SQLValue: Sendable, Equatable {
    case null
    case text(String)
    case int(Int)
    case bool(Bool)
    case double(Double)
    case date(Date)
}

extension SQLValue {
    /// `.text(s)`, or `.null` for nil.
    public static func text(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
    /// `.date(d)`, or `.null` for nil.
    public static func date(_ d: Date?) -> SQLValue { d.map { .date($0) } ?? .null }
}
