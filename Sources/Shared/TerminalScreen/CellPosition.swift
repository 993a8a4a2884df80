/// A cell's place on a screen, zero-based.
public struct CellPosition: Equatable, Hashable, Sendable {
    /// The row.
    public var row: Int
    /// The column.
    public var col: Int

    /// A position.
    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }
}
