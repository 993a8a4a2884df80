// Time source for the server. Dates are rounded to whole milliseconds, the precision of the wire
// format (JavaScript toISOString) and of GRDB's date storage, so a value reads back unchanged.
import ClaudePMProtocol
import Foundation

/// A source of the current time, injectable for tests.
public struct ServerClock: Sendable {
    private let source: @Sendable () -> Date

    /// A clock reading `source`.
    public init(_ source: @escaping @Sendable () -> Date) { self.source = source }

    /// The system clock.
    public static let system = ServerClock { Date() }

    /// The current time, rounded down to a whole millisecond.
    public func now() -> Date {
        let ms = (source().timeIntervalSince1970 * 1000).rounded(.down)
        return Date(timeIntervalSince1970: ms / 1000)
    }
}

/// ISO 8601 with milliseconds and `Z`, as JavaScript's `Date.prototype.toISOString()`.
public enum ISOTime {
    /// Formats `date` as `YYYY-MM-DDTHH:mm:ss.sssZ` (the protocol's `ISOTimestamp`, as REST bodies).
    public static func string(_ date: Date) -> String { ISOTimestamp.format(date) }

    /// Parses the date strings JavaScript's `Date.parse` commonly accepts: ISO 8601 date or date-time.
    public static func parse(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = full.date(from: text) { return d }
        full.formatOptions = [.withInternetDateTime]
        if let d = full.date(from: text) { return d }
        full.formatOptions = [.withFullDate]
        return full.date(from: text)
    }
}
