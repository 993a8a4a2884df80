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

    /// The object keys of a JSON document in textual order (depth-first), with escapes left as
    /// written. Two documents that are semantically equal and have the same key sequence differ
    /// at most in whitespace and string escaping.
    public static func keySequence(_ data: Data) -> [String] {
        let bytes = Array(data)
        var keys: [String] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let start = index + 1
            index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            let end = min(index, bytes.count)
            index += 1
            var next = index
            while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: ":") {
                keys.append(String(decoding: bytes[start..<end], as: UTF8.self))
            }
        }
        return keys
    }
}
