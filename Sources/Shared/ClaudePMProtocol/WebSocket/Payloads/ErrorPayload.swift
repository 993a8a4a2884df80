/// `error`: a request failed; the connection stays open. Build these with `WSError`.
public struct ErrorPayload: Sendable, Equatable, Codable {
    /// Machine-readable code.
    public var code: WSErrorCode
    /// Upstream message text.
    public var message: String
    /// `{"issues":[…]}` for `INVALID_MESSAGE`; omitted when nil.
    public var details: JSONValue?

    /// Memberwise initializer.
    public init(code: WSErrorCode, message: String, details: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.details = details
    }
}
