/// `session:input` (client): `{"sessionId","text"}`; text ≤ 10,000 UTF-16 units, Enter appended.
public struct SessionInputPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Text to type.
    public var text: String

    /// Memberwise initializer.
    public init(sessionId: String, text: String) {
        self.sessionId = sessionId
        self.text = text
    }
}
