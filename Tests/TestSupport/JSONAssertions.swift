// Semantic JSON comparison for tests: key order and number spelling do not matter.
import ClaudePMProtocol
import Foundation

/// Helpers for comparing JSON documents as parsed values.
public enum JSONAssertions {
    /// Parses `data` as JSON, or nil if it is not JSON.
    public static func parse(_ data: Data) -> JSONValue? {
        try? JSONValue.parse(data)
    }

    /// True when both documents parse and are equal as JSON values.
    public static func semanticallyEqual(_ lhs: Data, _ rhs: Data) -> Bool {
        guard let left = parse(lhs), let right = parse(rhs) else { return false }
        return left == right
    }

    /// A readable, key-sorted rendering of `data` for failure messages.
    public static func pretty(_ data: Data) -> String {
        guard let value = parse(data) else { return String(decoding: data, as: UTF8.self) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "<unencodable>"
    }
}
