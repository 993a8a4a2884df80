// A point on a monotonic clock, passed into every ClientCore state machine so that none of them
// reads a clock. The runtime maps `ContinuousClock` (or any monotonic source) onto it; tests use a
// fake that only moves when told.

/// Nanoseconds since an arbitrary origin on a monotonic clock.
public struct MonotonicTime: Comparable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: Int64

    /// Creates a time from nanoseconds.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The origin.
    public static let zero = MonotonicTime(nanoseconds: 0)

    /// A time `seconds` after the origin (convenient in tests and for the runtime's clock).
    public static func seconds(_ seconds: Double) -> MonotonicTime {
        MonotonicTime(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    /// This time moved by `duration` (which may be negative).
    public func advanced(by duration: Duration) -> MonotonicTime {
        MonotonicTime(nanoseconds: nanoseconds &+ duration.nanosecondsClamped)
    }

    /// The duration from `earlier` to this time (negative if `earlier` is later).
    public func duration(since earlier: MonotonicTime) -> Duration {
        .nanoseconds(nanoseconds &- earlier.nanoseconds)
    }

    public static func < (lhs: MonotonicTime, rhs: MonotonicTime) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// `time + duration`.
    public static func + (lhs: MonotonicTime, rhs: Duration) -> MonotonicTime {
        lhs.advanced(by: rhs)
    }

    /// `later - earlier` as a duration.
    public static func - (lhs: MonotonicTime, rhs: MonotonicTime) -> Duration {
        lhs.duration(since: rhs)
    }

    public var description: String { "\(Double(nanoseconds) / 1e9)s" }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at the bounds of `Int64`.
    public var nanosecondsClamped: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return scaled &+ attoseconds / 1_000_000_000
    }

    /// The duration in seconds as a `Double` (for display and smoothing).
    public var secondsDouble: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
