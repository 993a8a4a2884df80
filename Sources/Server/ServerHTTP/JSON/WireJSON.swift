// An ordered JSON value for the WebSocket frames the server builds itself (REST bodies are the
// ClaudePMProtocol models). A hand-written serializer keeps the PTY output path cheap; key presence
// and order match ServerMessage's encoding byte for byte (WSConformanceTests).
import ClaudePMProtocol
import Foundation

/// A JSON value with ordered object keys.
public enum WireJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([WireJSON])
    case object([(String, WireJSON)])

    public static func == (a: WireJSON, b: WireJSON) -> Bool { a.serialized() == b.serialized() }

    /// A string or null.
    public static func string(_ s: String?) -> WireJSON { s.map { .string($0) } ?? .null }

    /// An ISO date string or null.
    public static func date(_ d: Date?) -> WireJSON { d.map { .string(ISOTimestamp.format($0)) } ?? .null }

    /// Compact JSON text.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? String(d) : "null"
        case .string(let s): Self.escape(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                Self.escape(key, into: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func escape(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029:
                out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
