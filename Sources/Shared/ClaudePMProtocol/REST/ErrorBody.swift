// REST error bodies (§2.0): `{"error"}`, `{"error","details"}` for Zod validation (details are
// `{"<path>":["msg",…]}`), `{"error","message"}` for 401 and focus, plus the agents extras.

/// The JSON body of a non-2xx REST response. Optional keys are omitted when nil.
public struct ErrorBody: Sendable, Equatable, Codable, Error {
    /// Short error text, e.g. `"Session not found: <id>"` or `"Validation error"`.
    public var error: String
    /// Longer explanation (401 and focus only).
    public var message: String?
    /// Validation details `{"<path>":["<msg>"]}`, or anything else a server sends.
    public var details: JSONValue?
    /// Agents routes: machine-readable code such as `"VALIDATION_ERROR"`.
    public var code: String?
    /// Agents routes: the worktree is dirty.
    public var dirty: Bool?
    /// Agents routes: the dirty files.
    public var files: [String]?
    /// Agents routes: the failed command's output.
    public var output: CommandOutput?

    /// Memberwise initializer.
    public init(
        error: String, message: String? = nil, details: JSONValue? = nil, code: String? = nil,
        dirty: Bool? = nil, files: [String]? = nil, output: CommandOutput? = nil
    ) {
        self.error = error
        self.message = message
        self.details = details
        self.code = code
        self.dirty = dirty
        self.files = files
        self.output = output
    }

    /// `{"error":"Validation error","details":{"<path>":["<msg>",…]}}`.
    public static func validation(_ messagesByPath: [String: [String]]) -> ErrorBody {
        let details = messagesByPath.mapValues { JSONValue.array($0.map(JSONValue.string)) }
        return ErrorBody(error: "Validation error", details: .object(details))
    }

    /// `{"error":"Unauthorized","message":"Missing or invalid API key"}` (HTTP 401).
    public static let unauthorized = ErrorBody(error: "Unauthorized", message: "Missing or invalid API key")

    /// `{"error":"Not found"}` for unknown routes (HTTP 404).
    public static let notFound = ErrorBody(error: "Not found")

    /// `{"error":"Internal server error"}` (HTTP 500).
    public static let internalServerError = ErrorBody(error: "Internal server error")

    /// The validation messages by path, when `details` has the Zod-flattened shape.
    public var validationMessages: [String: [String]]? {
        guard let object = details?.objectValue else { return nil }
        return object.compactMapValues { value in value.arrayValue?.compactMap(\.stringValue) }
    }
}
