/// Text attributes of one cell. libvterm 0.1.4 has no faint/dim attribute, so there is none here.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

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
}
