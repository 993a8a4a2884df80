// claudepm's journal extension: `GET /api/sessions/:id/journal/screen?at=MS`, a session's screen
// as it stood at a moment, drawn by `data` (the same encoding as `pty:snapshot`'s data).

/// A session's screen at a moment.
public struct JournalScreen: Sendable, Hashable, Codable {
    /// The time of the last record applied (ms since the epoch).
    public var atMs: Int64
    /// The screen's size.
    public var rows: Int
    /// The screen's size.
    public var cols: Int
    /// What draws the screen on an emulator of that size.
    public var data: String

    enum CodingKeys: String, CodingKey {
        case atMs = "at_ms"
        case rows, cols, data
    }

    /// Memberwise initializer.
    public init(atMs: Int64, rows: Int, cols: Int, data: String) {
        self.atMs = atMs
        self.rows = rows
        self.cols = cols
        self.data = data
    }
}
