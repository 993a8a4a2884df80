/// A size in cells.
public struct GridSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var cols: Int
    /// Rows.
    public var rows: Int

    /// Creates a size; negative values become 0.
    public init(cols: Int, rows: Int) {
        self.cols = max(cols, 0)
        self.rows = max(rows, 0)
    }

    public var description: String { "\(cols)x\(rows)" }
}
