// Request body parsing and Zod-like validation. Bodies are capped at 100 kB (as express.json) and
// read only with a JSON Content-Type (JSONContentType); malformed JSON is a 400 here (upstream: 500). Field errors collect into
// `{"error":"Validation error","details":{"field":["message"]}}`.
import Foundation
import Hummingbird
import ServerCore

/// A parsed JSON object body with validating accessors.
struct JSONBody {
    static let limit = 102_400
    let fields: [String: AnyJSON]
    private(set) var issues: [String: [String]] = [:]

    init(fields: [String: AnyJSON]) { self.fields = fields }

    /// Reads and parses the request body; an empty body is `{}`. A non-empty body without a JSON
    /// Content-Type throws `JSONContentType.Refusal` (415).
    static func read(_ request: Request) async throws -> JSONBody {
        let buffer = try await request.body.collect(upTo: limit)
        guard buffer.readableBytes > 0 else { return JSONBody(fields: [:]) }
        let contentType = request.headers[.contentType]
        guard JSONContentType.accepts(contentType) else { throw JSONContentType.Refusal(got: contentType) }
        guard let value = AnyJSON.parse(Data(buffer.readableBytesView)) else {
            throw ServerError.badRequest("Invalid JSON body")
        }
        guard let dict = value.fields else {
            throw ServerError.validation(["": ["Expected object, received \(value.typeName)"]])
        }
        return JSONBody(fields: dict)
    }

    mutating func fail(_ key: String, _ message: String) { issues[key, default: []].append(message) }

    /// Throws the collected issues, if any.
    func check() throws { if !issues.isEmpty { throw ServerError.validation(issues) } }

    /// A string field with length bounds; nil when absent and optional.
    mutating func string(
        _ key: String, min: Int = 0, max: Int, required: Bool, tooLong: String? = nil
    )
        -> String?
    {
        guard let raw = fields[key], raw != .null else {
            if required { fail(key, "Required") }
            return nil
        }
        guard case .string(let s) = raw else {
            fail(key, "Expected string, received \(raw.typeName)")
            return nil
        }
        let length = s.utf16.count
        if length < min { fail(key, "String must contain at least \(min) character(s)") }
        if length > max { fail(key, tooLong ?? "String must contain at most \(max) character(s)") }
        return s
    }

    /// A boolean field.
    mutating func bool(_ key: String) -> Bool? {
        guard let raw = fields[key], raw != .null else { return nil }
        guard case .bool(let b) = raw else {
            fail(key, "Expected boolean, received \(raw.typeName)")
            return nil
        }
        return b
    }

    /// True if `key` is present with a JSON null.
    func isNull(_ key: String) -> Bool { fields[key] == .null }
}

/// UUID checks with the per-router messages of the upstream.
enum IDCheck {
    static func isUUID(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// The `:id` parameter, validated.
    static func param(_ context: some RequestContext, _ name: String = "id", message: String) throws -> String {
        let id = context.parameters.get(name) ?? ""
        guard isUUID(id) else { throw ServerError.validation([name: [message]]) }
        return id.lowercased()
    }
}
