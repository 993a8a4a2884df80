// Prints an AnyJSON value as JSON text, and compares two values the way JSON does (an integer
// and a double of the same value are the same number), for the server-body round trip.
@testable import ServerHTTP

/// JSON output of a parsed value.
public enum JSONPrinter {
    /// `value` as JSON text.
    static func print(_ value: AnyJSON) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let n): String(n)
        case .double(let d): d.isFinite ? "\(d)" : "null"
        case .string(let s): quoted(s)
        case .array(let items): "[" + items.map(print).joined(separator: ",") + "]"
        case .object(let fields):
            "{"
                + fields.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + print($0.value) }
                .joined(separator: ",") + "}"
        }
    }

    /// Equal as JSON values.
    static func same(_ a: AnyJSON, _ b: AnyJSON) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): Double(x) == y
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default: a == b
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
