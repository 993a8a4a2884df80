/// `session:context`: context usage (defined upstream but never sent).
public struct SessionContextPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Usage in percent.
    public var contextPercent: Double

    /// Memberwise initializer.
    public init(sessionId: String, contextPercent: Double) {
        self.sessionId = sessionId
        self.contextPercent = contextPercent
    }
}
