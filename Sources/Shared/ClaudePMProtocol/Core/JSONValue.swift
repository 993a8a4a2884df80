// A lossless-enough model of arbitrary JSON, for the free-form parts of the protocol (error
// `details`, Zod issues) and for keeping the raw form of messages this module does not know.
import Foundation

/// Any JSON value. Numbers are stored as `Double` (like JavaScript).
public enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (member order is not kept).
    case object([String: JSONValue])

    /// Decodes any JSON value; never fails on well-formed JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value; whole numbers in the `Int64` range are written without a fraction and
    /// object members in key order, so the output is deterministic.
    public func encode(to encoder: any Encoder) throws {
        if case .object(let members) = self {
            var container = encoder.container(keyedBy: StringKey.self)
            for key in members.keys.sorted() {
                try container.encode(members[key], forKey: StringKey(key))
            }
            return
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.0e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object: break
        }
    }
}

extension JSONValue {
    /// Parses `data` as JSON (any top-level value). Throws for anything that is not JSON.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Converts any `Encodable` to its JSON form using `ClaudePMJSON.encoder()`.
    public init(encoding value: some Encodable) throws {
        let data = try ClaudePMJSON.encoder().encode(value)
        self = try JSONValue.parse(data)
    }

    /// Decodes this JSON into `type` using `ClaudePMJSON.decoder()`.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ClaudePMJSON.decoder().decode(type, from: ClaudePMJSON.encoder().encode(self))
    }

    /// The members of an object, or nil.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The string, or nil.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, or nil.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The Boolean, or nil.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements of an array, or nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object, or nil (also for non-objects).
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}
