import ClientCore

/// One cell of a frame: the text drawn there, its width in columns and its style.
public struct FrameCell: Hashable, Sendable {
    /// The grapheme drawn in the cell, as plain data (so a frame copies and compares as bytes).
    public var glyph: Glyph
    /// 1 or 2 for a lead cell, 0 for a continuation cell.
    public var width: UInt8
    /// Colours and attributes.
    public var style: Style

    /// Creates a cell.
    public init(text: String, width: UInt8 = 1, style: Style = .plain) {
        self.init(glyph: Glyph(text), width: width, style: style)
    }

    /// Creates a cell from a glyph.
    public init(glyph: Glyph, width: UInt8 = 1, style: Style = .plain) {
        self.glyph = glyph
        self.width = width
        self.style = style
    }

    /// The grapheme drawn in the cell; " " for a blank cell and "" for the continuation cell to
    /// the right of a wide character.
    public var text: String {
        get { glyph.text }
        set { glyph = Glyph(newValue) }
    }

    /// A blank cell in the default style.
    public static let blank = FrameCell(glyph: .space)

    /// A blank cell with `style` (used to paint backgrounds).
    public static func blank(_ style: Style) -> FrameCell { FrameCell(glyph: .space, style: style) }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}

/// Where the terminal cursor goes after a frame, if it is shown at all.
public struct CursorPlacement: Hashable, Sendable {
    /// Zero-based row.
    public var row: Int
    /// Zero-based column.
    public var col: Int

    /// Creates a placement.
    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }
}
