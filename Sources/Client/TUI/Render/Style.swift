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

    /// True for a 24-bit colour.
    @inline(__always)
    public var isRGB: Bool {
        if case .rgb = self { return true }
        return false
    }
}

/// Text attributes of a frame cell: every SGR attribute the outer terminal can show.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt16

    /// Creates attributes from raw bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Bold (SGR 1).
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim, faint (SGR 2).
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic (SGR 3).
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underline (SGR 4); the style bits below refine it.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Reverse video (SGR 7).
    public static let reverse = TextAttributes(rawValue: 1 << 4)
    /// Blink (SGR 5).
    public static let blink = TextAttributes(rawValue: 1 << 5)
    /// Strike-through (SGR 9).
    public static let strike = TextAttributes(rawValue: 1 << 6)
    /// Conceal, hidden (SGR 8).
    public static let conceal = TextAttributes(rawValue: 1 << 7)
    /// Overline (SGR 53).
    public static let overline = TextAttributes(rawValue: 1 << 8)
    /// Double underline (SGR 4:2), with `underline`.
    public static let doubleUnderline = TextAttributes(rawValue: 1 << 9)
    /// Curly underline (SGR 4:3), with `underline`.
    public static let curlyUnderline = TextAttributes(rawValue: 1 << 10)
    /// Dotted underline (SGR 4:4), with `underline`.
    public static let dottedUnderline = TextAttributes(rawValue: 1 << 11)
    /// Dashed underline (SGR 4:5), with `underline`.
    public static let dashedUnderline = TextAttributes(rawValue: 1 << 12)
}

/// Colours plus attributes.
public struct Style: Hashable, Sendable {
    /// Foreground colour.
    public var fg: Color
    /// Background colour.
    public var bg: Color
    /// Attributes.
    public var attrs: TextAttributes
    /// Underline colour (SGR 58); `.default` follows the foreground.
    public var underlineColor: Color

    /// Creates a style.
    public init(
        fg: Color = .default, bg: Color = .default, attrs: TextAttributes = [], underlineColor: Color = .default
    ) {
        self.fg = fg
        self.bg = bg
        self.attrs = attrs
        self.underlineColor = underlineColor
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
