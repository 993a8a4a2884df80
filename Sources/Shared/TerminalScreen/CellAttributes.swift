/// Text attributes of one cell.
///
/// libvterm 0.1.4 itself holds bold, italic, underline (single, double, curly), blink, reverse
/// and strike; dim, conceal, overline and the dotted and dashed underlines travel in its unused
/// per-cell font number (see `PenExtras` and docs/terminal.md).
public struct CellAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt16

    /// Creates attributes from raw bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// SGR 1.
    public static let bold = CellAttributes(rawValue: 1 << 0)
    /// SGR 3.
    public static let italic = CellAttributes(rawValue: 1 << 1)
    /// Any underline (SGR 4, 4:x, 21). The style bits below refine it.
    public static let underline = CellAttributes(rawValue: 1 << 2)
    /// SGR 7.
    public static let reverse = CellAttributes(rawValue: 1 << 3)
    /// SGR 9.
    public static let strike = CellAttributes(rawValue: 1 << 4)
    /// SGR 5.
    public static let blink = CellAttributes(rawValue: 1 << 5)
    /// Double underline (SGR 21 or 4:2); `underline` is set too.
    public static let doubleUnderline = CellAttributes(rawValue: 1 << 6)
    /// Curly underline (SGR 4:3); `underline` is set too.
    public static let curlyUnderline = CellAttributes(rawValue: 1 << 7)
    /// Dotted underline (SGR 4:4); `underline` is set too.
    public static let dottedUnderline = CellAttributes(rawValue: 1 << 8)
    /// Dashed underline (SGR 4:5); `underline` is set too.
    public static let dashedUnderline = CellAttributes(rawValue: 1 << 9)
    /// Dim, faint (SGR 2).
    public static let dim = CellAttributes(rawValue: 1 << 10)
    /// Conceal, hidden (SGR 8).
    public static let conceal = CellAttributes(rawValue: 1 << 11)
    /// Overline (SGR 53).
    public static let overline = CellAttributes(rawValue: 1 << 12)
}
