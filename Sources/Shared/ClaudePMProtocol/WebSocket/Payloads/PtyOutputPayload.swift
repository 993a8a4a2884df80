/// `pty:output`: bytes from the tmux client (UTF-8 decoded).
public struct PtyOutputPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Terminal output.
    public var data: String

    /// Memberwise initializer.
    public init(sessionId: String, data: String) {
        self.sessionId = sessionId
        self.data = data
    }
}
