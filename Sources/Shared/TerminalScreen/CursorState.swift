/// Where the cursor is and whether the remote program wants it shown.
public struct CursorState: Equatable, Hashable, Sendable {
    /// Zero-based row.
    public var row: Int
    /// Zero-based column, always `< cols`.
    public var col: Int
    /// False after `CSI ? 25 l`.
    public var visible: Bool

    /// Creates a cursor state.
    public init(row: Int, col: Int, visible: Bool) {
        self.row = row
        self.col = col
        self.visible = visible
    }
}
