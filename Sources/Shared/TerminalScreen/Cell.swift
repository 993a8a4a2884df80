/// One screen cell as the renderer needs it.
///
/// `text` is a `String` on purpose: one or two scalars fit in Swift's inline small-string
/// representation (no allocation), and `==` on two small strings compares their raw bits first,
/// so diffing cells stays cheap (see docs/terminal.md for the measurement).
public struct Cell: Equatable, Hashable, Sendable {
    /// The scalars shown in the cell, combining marks included; "" for an empty cell and for the
    /// continuation cell to the right of a wide character.
    public var text: String
    /// Columns the cell occupies: 1 or 2, and 0 for the continuation of a wide character.
    public var width: UInt8
    /// Bold, italic, underline and so on.
    public var attrs: CellAttributes
    /// Foreground colour.
    public var fg: TerminalColor
    /// Background colour.
    public var bg: TerminalColor

    /// Creates a cell.
    public init(
        text: String, width: UInt8 = 1, attrs: CellAttributes = [], fg: TerminalColor = .default,
        bg: TerminalColor = .default
    ) {
        self.text = text
        self.width = width
        self.attrs = attrs
        self.fg = fg
        self.bg = bg
    }

    /// An empty cell with default colours and no attributes.
    public static let blank = Cell(text: "")

    /// True for the right half of a wide character (the renderer skips it).
    public var isContinuation: Bool { width == 0 }
}
