/// `pty:resize` (client): both dimensions required.
public struct PtyResizePayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Columns 1–500.
    public var cols: Int
    /// Rows 1–200.
    public var rows: Int

    /// Memberwise initializer.
    public init(sessionId: String, cols: Int, rows: Int) {
        self.sessionId = sessionId
        self.cols = cols
        self.rows = rows
    }
}
