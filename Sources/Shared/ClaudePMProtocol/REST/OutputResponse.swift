/// `GET /api/sessions/:id/output`: `{"session_id","lines":[…],"total_lines"}`.
public struct OutputResponse: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Buffered lines, with ANSI escapes.
    public var lines: [String]
    /// `lines.count`.
    public var totalLines: Int

    /// Memberwise initializer; `totalLines` defaults to `lines.count`.
    public init(sessionId: String, lines: [String], totalLines: Int? = nil) {
        self.sessionId = sessionId
        self.lines = lines
        self.totalLines = totalLines ?? lines.count
    }

    enum CodingKeys: String, CodingKey {
        case sessionId = "session_id"
        case lines
        case totalLines = "total_lines"
    }
}
