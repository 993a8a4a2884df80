// JSON text for scalars, matching JavaScript's JSON.stringify: minimal string escaping (no `\/`,
// non-ASCII kept), integers without a fraction, shortest round-trip form for other numbers.
import Foundation

/// Formats scalar values as JSON text.
enum JSONScalar {
    /// Appends `text` as a quoted, escaped JSON string.
    static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{8}": output += "\\b"
            case "\u{C}": output += "\\f"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// `text` as a quoted JSON string.
    static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    /// A finite number as JSON text; nil for NaN and infinities (not representable in JSON).
    static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e18 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// The JSON text of `value` if it is a scalar type this encoder writes directly.
    static func text(of value: Any) throws -> String? {
        switch value {
        case let date as Date: return quoted(ISOTimestamp.format(date))
        case let string as String: return quoted(string)
        case let flag as Bool: return flag ? "true" : "false"
        case let integer as any BinaryInteger: return String(describing: integer)
        case let double as Double: return try finite(double)
        case let float as Float: return try finite(Double(float))
        case let url as URL: return quoted(url.absoluteString)
        case let data as Data: return quoted(data.base64EncodedString())
        default: return nil
        }
    }

    private static func finite(_ value: Double) throws -> String {
        guard let text = number(value) else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "\(value) is not valid JSON"))
        }
        return text
    }
}
