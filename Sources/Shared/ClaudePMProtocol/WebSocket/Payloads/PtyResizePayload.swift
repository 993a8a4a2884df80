/// `pty:resize` (client): both dimensions required; `readOnly` is a claudepm extension that
/// upstream ignores (docs/compatibility.md).
public struct PtyResizePayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Columns 1–500.
    public var cols: Int
    /// Rows 1–200.
    public var rows: Int
    /// claudepm extension, pane streams only: `false` turns a read-only stream interactive (it
    /// takes input and sizes the pane to `cols`×`rows`), `true` turns it read-only again (the
    /// pane's size goes back to tmux). Absent: a plain resize.
    public var readOnly: Bool?

    /// Memberwise initializer.
    public init(sessionId: String, cols: Int, rows: Int, readOnly: Bool? = nil) {
        self.sessionId = sessionId
        self.cols = cols
        self.rows = rows
        self.readOnly = readOnly
    }
}
