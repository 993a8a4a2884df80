/// `pty:attach` (client): `{"sessionId","cols"?,"rows"?,"readOnly"?,"stream"?,"history"?}`;
/// `readOnly`, `stream` and `history` are claudepm extensions (docs/compatibility.md).
public struct PtyAttachPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Columns 1–500 (default 80).
    public var cols: Int?
    /// Rows 1–200 (default 24).
    public var rows: Int?
    /// claudepm extension: attach without input (and, for a pane stream, without resizing).
    public var readOnly: Bool?
    /// claudepm extension: `"pane"` asks for the pane's own stream (a `pty:snapshot`, then the
    /// bytes the pane's program writes) instead of a tmux client's redraw.
    public var stream: String?
    /// claudepm extension: history rows wanted in the pane stream's snapshot.
    public var history: Int?

    /// Memberwise initializer.
    public init(
        sessionId: String, cols: Int? = nil, rows: Int? = nil, readOnly: Bool? = nil, stream: String? = nil,
        history: Int? = nil
    ) {
        self.sessionId = sessionId
        self.cols = cols
        self.rows = rows
        self.readOnly = readOnly
        self.stream = stream
        self.history = history
    }
}
