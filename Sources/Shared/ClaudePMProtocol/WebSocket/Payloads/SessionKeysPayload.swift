/// `session:keys` (client): `{"sessionId","keys"}`; raw bytes, ≤ 1,000 UTF-16 units.
public struct SessionKeysPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Raw key bytes.
    public var keys: String

    /// Memberwise initializer.
    public init(sessionId: String, keys: String) {
        self.sessionId = sessionId
        self.keys = keys
    }
}
