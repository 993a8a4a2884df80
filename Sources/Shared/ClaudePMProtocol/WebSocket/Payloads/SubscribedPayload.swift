/// `subscribed`: reply to `session:subscribe`.
public struct SubscribedPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// The last ≤100 buffered lines (may be empty).
    public var bufferLines: [String]

    /// Memberwise initializer.
    public init(sessionId: String, bufferLines: [String]) {
        self.sessionId = sessionId
        self.bufferLines = bufferLines
    }
}
