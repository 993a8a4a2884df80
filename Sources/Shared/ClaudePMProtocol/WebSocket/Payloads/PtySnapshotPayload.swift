/// `pty:snapshot` (claudepm extension, only on pane streams): start over from this picture of
/// the pane. The viewer resets its emulator (screen and scrollback), sizes it `cols`×`rows` and
/// feeds `data`; later `pty:output` continues from exactly there.
public struct PtySnapshotPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// The pane's columns.
    public var cols: Int
    /// The pane's rows.
    public var rows: Int
    /// Terminal bytes (UTF-8) that draw the pane's history, screen and modes.
    public var data: String
    /// Rows of history in `data`.
    public var historyRows: Int?

    /// Memberwise initializer.
    public init(sessionId: String, cols: Int, rows: Int, data: String, historyRows: Int? = nil) {
        self.sessionId = sessionId
        self.cols = cols
        self.rows = rows
        self.data = data
        self.historyRows = historyRows
    }
}
