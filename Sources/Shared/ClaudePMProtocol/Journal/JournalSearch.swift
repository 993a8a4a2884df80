// claudepm's journal extension: `GET /api/sessions/:id/journal/search?q=TEXT`, the moments a
// session's screen came to show a text (compared without case): the screens as the program left
// them at the end of each burst of output, not only its scrollback, so a full-screen program's
// past screens are found too.

/// Where a past screen showed the text searched for.
public struct JournalHit: Sendable, Hashable, Codable {
    /// The moment (ms since the epoch): ask `journal/screen?at=` for that screen.
    public var atMs: Int64
    /// The row (0 at the top) and column of the first new line showing the text.
    public var row: Int
    /// The column, in cells.
    public var col: Int
    /// That row's text.
    public var line: String

    enum CodingKeys: String, CodingKey {
        case atMs = "at_ms"
        case row, col, line
    }

    /// Memberwise initializer.
    public init(atMs: Int64, row: Int, col: Int, line: String) {
        self.atMs = atMs
        self.row = row
        self.col = col
        self.line = line
    }
}

/// The answer to a journal search.
public struct JournalSearch: Sendable, Hashable, Codable {
    /// The text searched for.
    public var query: String
    /// The moments the text came on screen (a line showing it appeared), oldest first; the newest
    /// ones when there were more than the limit.
    public var hits: [JournalHit]
    /// True when older hits were left out for the limit.
    public var truncated: Bool

    /// Memberwise initializer.
    public init(query: String, hits: [JournalHit], truncated: Bool) {
        self.query = query
        self.hits = hits
        self.truncated = truncated
    }
}
