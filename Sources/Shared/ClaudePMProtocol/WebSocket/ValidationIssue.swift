// A schema violation shaped like a Zod v3 issue, so `details.issues` looks like upstream's.

/// One Zod-style issue: `code`, `path`, `message`, plus code-specific members
/// (`expected`/`received`, `minimum`/`maximum`/`type`/`inclusive`/`exact`, `validation`, `options`).
public struct ValidationIssue: Sendable, Equatable, Codable {
    /// Zod issue code, e.g. `"invalid_type"`, `"too_big"`, `"invalid_string"`.
    public var code: String
    /// Path of the offending value, e.g. `["payload", "cols"]`.
    public var path: [String]
    /// Zod's message text.
    public var message: String
    /// The code-specific members.
    public var attributes: [String: JSONValue]

    /// Memberwise initializer.
    public init(code: String, path: [String], message: String, attributes: [String: JSONValue] = [:]) {
        self.code = code
        self.path = path
        self.message = message
        self.attributes = attributes
    }

    /// Decodes a Zod issue; unknown members go to `attributes`, non-string path items become text.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StringKey.self)
        code = try c.decodeIfPresent(String.self, forKey: StringKey("code")) ?? ""
        message = try c.decodeIfPresent(String.self, forKey: StringKey("message")) ?? ""
        let rawPath = try c.decodeIfPresent([JSONValue].self, forKey: StringKey("path")) ?? []
        path = rawPath.map { item in
            if case .number(let index) = item { return String(Int(exactly: index) ?? 0) }
            return item.stringValue ?? ""
        }
        var attributes: [String: JSONValue] = [:]
        for key in c.allKeys where !["code", "message", "path"].contains(key.stringValue) {
            attributes[key.stringValue] = try c.decode(JSONValue.self, forKey: key)
        }
        self.attributes = attributes
    }

    /// Encodes `code`, the attributes (sorted by name), `path` and `message`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: StringKey.self)
        try c.encode(code, forKey: StringKey("code"))
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            try c.encode(value, forKey: StringKey(name))
        }
        try c.encode(path, forKey: StringKey("path"))
        try c.encode(message, forKey: StringKey("message"))
    }
}
