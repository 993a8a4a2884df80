/// One hit of `TerminalScreen.search`, in history coordinates.
///
/// `line` counts from the oldest scrollback line (0) through the newest scrollback line
/// (`scrollbackCount - 1`) and then the screen rows (`scrollbackCount + row`).
public struct SearchMatch: Equatable, Hashable, Sendable {
    /// History line: 0 = oldest scrollback line; `scrollbackCount + r` = screen row `r`.
    public var line: Int
    /// First cell column of the match.
    public var column: Int
    /// Number of cell columns the match covers (wide characters count 2).
    public var width: Int

    /// Creates a match.
    public init(line: Int, column: Int, width: Int) {
        self.line = line
        self.column = column
        self.width = width
    }
}
