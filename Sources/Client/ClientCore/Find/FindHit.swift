// One line of some session's history that holds what the find overlay searches for.

/// A match of the search across every session's scrollback.
public struct FindHit: Hashable, Sendable {
    /// The session whose history holds the match.
    public var key: SessionKey
    /// The history line (0 = the oldest scrollback line the client keeps, then the screen rows).
    public var line: Int
    /// Which match of the session this is, counting from its newest (0): what
    /// `ScrollbackState.match` counts, so attaching with it shows this match.
    public var fromNewest: Int
    /// The line's text (as the screen shows it, trailing blanks dropped).
    public var text: String

    /// A hit.
    public init(key: SessionKey, line: Int, fromNewest: Int, text: String) {
        self.key = key
        self.line = line
        self.fromNewest = fromNewest
        self.text = text
    }
}
