// The look of one frame cell: colours and text attributes, independent of ncurses so that frames
// can be diffed, recorded and degraded in pure code.

/// A colour as a view asks for it, before degradation to what the terminal supports.
public enum Color: Hashable, Sendable {
    /// The outer terminal's default foreground or background.
    case `default`
    /// An entry of the xterm 256-colour palette (0–15 are the terminal's own basic colours).
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}

/// Text attributes of a frame cell.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim (faint).
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic.
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underline.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Reverse video.
    public static let reverse = TextAttributes(rawValue: 1 << 4)
    /// Blink.
    public static let blink = TextAttributes(rawValue: 1 << 5)
    /// Strike-through (ncurses has no such attribute; kept for completeness).
    public static let strike = TextAttributes(rawValue: 1 << 6)
}

/// Colours plus attributes.
public struct Style: Hashable, Sendable {
    /// Foreground colour.
    public var fg: Color
    /// Background colour.
    public var bg: Color
    /// Attributes.
    public var attrs: TextAttributes

    /// Creates a style.
    public init(fg: Color = .default, bg: Color = .default, attrs: TextAttributes = []) {
        self.fg = fg
        self.bg = bg
        self.attrs = attrs
    }

    /// Default colours, no attributes.
    public static let plain = Style()

    /// This style with `extra` attributes added.
    public func with(_ extra: TextAttributes) -> Style {
        var copy = self
        copy.attrs.formUnion(extra)
        return copy
    }
}
