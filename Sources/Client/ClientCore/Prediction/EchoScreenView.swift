// What the echo predictor needs to know about a pane's screen, without depending on the
// terminal emulator: the cursor, the width, the alternate screen, and the character in a cell.

/// A read-only view of a pane's screen for `EchoPredictor`.
public protocol EchoScreenView {
    /// The cursor row (0-based).
    var cursorRow: Int { get }
    /// The cursor column (0-based).
    var cursorCol: Int { get }
    /// Whether the program shows the cursor.
    var cursorVisible: Bool { get }
    /// The number of columns.
    var cols: Int { get }
    /// Whether the program uses the alternate screen.
    var isAltScreen: Bool { get }
    /// The first scalar of the cell at `row`, `col`; nil for an empty cell.
    func scalar(row: Int, col: Int) -> Unicode.Scalar?
}

/// A character shown before the server confirmed it (drawn underlined).
public struct PredictedGlyph: Equatable, Hashable, Sendable {
    /// The row on the pane.
    public var row: Int
    /// The column on the pane.
    public var col: Int
    /// The character.
    public var scalar: Unicode.Scalar

    /// Creates a glyph.
    public init(row: Int, col: Int, scalar: Unicode.Scalar) {
        self.row = row
        self.col = col
        self.scalar = scalar
    }
}
