/// `pty:resize` (client): both dimensions required; `readOnly` and `fit` are claudepm extensions
/// that upstream ignores (docs/compatibility.md).
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
    /// claudepm extension, interactive pane streams only: `true` sizes the pane's window to
    /// `cols`×`rows` even under tmux's `window-size manual`, where a plain resize leaves the
    /// window alone (the user asked: claudepm's resize key). Absent: a plain resize.
    public var fit: Bool?

    /// Memberwise initializer.
    public init(sessionId: String, cols: Int, rows: Int, readOnly: Bool? = nil, fit: Bool? = nil) {
        self.sessionId = sessionId
        self.cols = cols
        self.rows = rows
        self.readOnly = readOnly
        self.fit = fit
    }
}
