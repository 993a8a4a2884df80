// Times for `claudepm export`: `--since 30m` (s, m, h or d before now) and `--from`/`--to` as
// ISO 8601 (2026-12-05T01:30:00Z, with or without fractions) or milliseconds since the epoch.
import Foundation

/// Parses the times `claudepm export` takes.
public enum JournalTime {
    /// `text` (`90s`, `30m`, `2h`, `1d`, or a bare number of seconds) in seconds, or nil.
    public static func duration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let last = trimmed.last else { return nil }
        let (number, unit) = units[last].map { (String(trimmed.dropLast()), $0) } ?? (trimmed, 1)
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        return value * unit
    }

    /// `text` as milliseconds since the epoch (ISO 8601, or digits that already are), or nil.
    public static func milliseconds(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isNumber) { return Int64(trimmed) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: trimmed) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: trimmed).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }
}
