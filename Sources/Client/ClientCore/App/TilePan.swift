/// How far the user moved the selected tile's window from where the tile puts it on its own
/// (around the cursor, or the last rows when the cursor is hidden), in rows and columns. `J`/`K`
/// and `H`/`L` move it; another selection or `Esc` puts it back.
public struct TilePan: Equatable, Sendable {
    /// The session whose tile is panned.
    public var session: SessionKey
    /// Rows down (negative: up) and columns right (negative: left).
    public var rows = 0
    public var cols = 0

    /// A pan of `session`'s tile.
    public init(session: SessionKey, rows: Int = 0, cols: Int = 0) {
        self.session = session
        self.rows = rows
        self.cols = cols
    }

    /// Rows one `J`/`K` moves the window.
    public static let rowStep = 5
    /// Columns one `H`/`L` moves it.
    public static let colStep = 10
}
