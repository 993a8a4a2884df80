/// `pty:attached`: reply to `pty:attach` with the size actually used. `stream` (claudepm
/// extension) is `"pane"` when the server answers with a pane stream; upstream never sends it.
public struct PtyAttachedPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Columns.
    public var cols: Int
    /// Rows.
    public var rows: Int
    /// claudepm extension: `"pane"` for a pane stream, absent for a tmux client.
    public var stream: String?

    /// Memberwise initializer.
    public init(sessionId: String, cols: Int, rows: Int, stream: String? = nil) {
        self.sessionId = sessionId
        self.cols = cols
        self.rows = rows
        self.stream = stream
    }
}
