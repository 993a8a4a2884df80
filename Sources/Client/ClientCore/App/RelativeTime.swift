// Relative times as the list, banner and status line show them.

import Foundation

/// Relative times for humans: "now", "42s ago", "2m ago", "3h ago", "5d ago".
public enum RelativeTime {
    /// `date` relative to `now`.
    public static func ago(_ date: Date, now: Date) -> String {
        "\(short(now.timeIntervalSince(date))) ago".replacingOccurrences(of: "now ago", with: "now")
    }

    /// A compact duration: "now", "42s", "2m", "3h", "5d".
    public static func short(_ interval: TimeInterval) -> String {
        let s = Int(max(interval, 0))
        switch s {
        case ..<1: return "now"
        case ..<60: return "\(s)s"
        case ..<3600: return "\(s / 60)m"
        case ..<86400: return "\(s / 3600)h"
        default: return "\(s / 86400)d"
        }
    }

    /// When `short(now - date)` next reads differently: the next whole second in the first minute,
    /// then the next minute, hour or day (so a clock that only redraws then misses nothing).
    public static func nextChange(of date: Date, now: Date) -> Date {
        let age = max(now.timeIntervalSince(date), 0)
        let unit: TimeInterval
        switch age {
        case ..<60: unit = 1
        case ..<3600: unit = 60
        case ..<86400: unit = 3600
        default: unit = 86400
        }
        return date.addingTimeInterval((age / unit).rounded(.down) * unit + unit)
    }
}
