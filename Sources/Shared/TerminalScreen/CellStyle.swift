// The look of a cell apart from its text: what a run of cells printed with one SGR shares. Read
// from libvterm by `CellStyleMemo`, handed to span readers, and packed into scrollback lines
// (`PackedLine`, whose file holds the packed form).

/// A cell's attributes and colours.
public struct CellStyle: Equatable, Sendable {
    /// Bold, italic, underline and so on.
    public var attrs: CellAttributes
    /// Foreground colour.
    public var fg: TerminalColor
    /// Background colour.
    public var bg: TerminalColor

    /// A style.
    public init(attrs: CellAttributes = [], fg: TerminalColor = .default, bg: TerminalColor = .default) {
        self.attrs = attrs
        self.fg = fg
        self.bg = bg
    }
}
