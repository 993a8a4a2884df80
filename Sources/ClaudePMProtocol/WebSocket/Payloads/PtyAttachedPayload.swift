/// `pty:attached`: reply to `pty:attach` with the size actually used.
public struct PtyAttachedPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Columns.
    public var cols: Int
    /// Rows.
    public var rows: Int

    /// Memberwise initializer.
    public init(sessionId: String, cols: Int, rows: Int) {
        self.sessionId = sessionId
        self.cols = cols
        self.rows = rows
    }
}
