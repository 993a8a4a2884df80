// A decoded JSON value for input validation: keeps booleans, integers, doubles, strings, arrays,
// objects and null apart, so wrong types get Zod-like messages.
import Foundation

/// Arbitrary decoded JSON.
indirect enum AnyJSON: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([AnyJSON].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: AnyJSON].self))
        }
    }

    /// Parses `data`; nil if it is not JSON.
    static func parse(_ data: Data) -> AnyJSON? { try? JSONDecoder().decode(AnyJSON.self, from: data) }

    /// The Zod name of the value's type.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The object's fields, nil if not an object.
    var fields: [String: AnyJSON]? {
        if case .object(let f) = self { return f }
        return nil
    }
}
