/// `session:output`: a snapshot of the pane (replace, do not append).
public struct SessionOutputPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// The captured lines, with ANSI escapes.
    public var lines: [String]
    /// Always true upstream.
    public var raw: Bool

    /// Memberwise initializer.
    public init(sessionId: String, lines: [String], raw: Bool) {
        self.sessionId = sessionId
        self.lines = lines
        self.raw = raw
    }
}
