/// `pty:data` (client): keyboard input for the tmux client.
public struct PtyDataPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Input bytes as a string.
    public var data: String

    /// Memberwise initializer.
    public init(sessionId: String, data: String) {
        self.sessionId = sessionId
        self.data = data
    }
}
