// The SGR bytes for a frame style. The frame writer emits these itself (rather than through
// ncurses' attributes and colour pairs) because ncurses has no strike, overline, styled
// underline or underline colour, and shows 24-bit colour only with a direct-colour terminfo
// entry (see docs/tui.md). Colours arrive already degraded to the terminal's depth.

/// Encodes styles as SGR sequences.
public struct SGREncoder: Hashable, Sendable {
    /// Whether the outer terminal reads styled underlines (4:2 … 4:5) and the underline colour
    /// (58): terminfo `Smulx`/`Setulc`, or a truecolor terminal. Without it they become a plain
    /// underline and no underline colour (a terminal that does not parse `:` would read `4:3`
    /// as underline plus italic).
    public var styledUnderlines: Bool

    /// Creates an encoder.
    public init(styledUnderlines: Bool) {
        self.styledUnderlines = styledUnderlines
    }

    /// Appends `ESC [ 0 ; … m` selecting exactly `style` (everything else reset).
    public func append(_ style: Style, to bytes: inout [UInt8]) {
        bytes.append(0x1B)
        bytes.append(0x5B)
        bytes.append(0x30)
        let attrs = style.attrs
        if attrs.contains(.bold) { bytes += [0x3B, 0x31] }
        if attrs.contains(.dim) { bytes += [0x3B, 0x32] }
        if attrs.contains(.italic) { bytes += [0x3B, 0x33] }
        if attrs.contains(.underline) { appendUnderline(attrs, to: &bytes) }
        if attrs.contains(.blink) { bytes += [0x3B, 0x35] }
        if attrs.contains(.reverse) { bytes += [0x3B, 0x37] }
        if attrs.contains(.conceal) { bytes += [0x3B, 0x38] }
        if attrs.contains(.strike) { bytes += [0x3B, 0x39] }
        if attrs.contains(.overline) { bytes += [0x3B, 0x35, 0x33] }
        Self.appendColour(style.fg, base: 30, to: &bytes)
        Self.appendColour(style.bg, base: 40, to: &bytes)
        if styledUnderlines, attrs.contains(.underline) {
            Self.appendColour(style.underlineColor, base: 50, to: &bytes)
        }
        bytes.append(0x6D)
    }

    /// The bytes of `append(style)` on their own.
    public func sequence(_ style: Style) -> [UInt8] {
        var bytes: [UInt8] = []
        append(style, to: &bytes)
        return bytes
    }

    private func appendUnderline(_ attrs: TextAttributes, to bytes: inout [UInt8]) {
        bytes += [0x3B, 0x34]
        guard styledUnderlines else { return }
        if attrs.contains(.doubleUnderline) {
            bytes += [0x3A, 0x32]
        } else if attrs.contains(.curlyUnderline) {
            bytes += [0x3A, 0x33]
        } else if attrs.contains(.dottedUnderline) {
            bytes += [0x3A, 0x34]
        } else if attrs.contains(.dashedUnderline) {
            bytes += [0x3A, 0x35]
        }
    }

    /// `;30+i`, `;90+i-8`, `;38;5;i`, `;38;2;r;g;b` (base 30), the same for 40 and 50 (underline
    /// colour: only the 58 forms). The default adds nothing (SGR 0 already reset it).
    static func appendColour(_ color: Color, base: Int, to bytes: inout [UInt8]) {
        switch color {
        case .default:
            return
        case .indexed(let i) where i < 8 && base != 50:
            appendNumber(base + Int(i), to: &bytes)
        case .indexed(let i) where i < 16 && base != 50:
            appendNumber(base + 60 + Int(i) - 8, to: &bytes)
        case .indexed(let i):
            appendNumber(base + 8, to: &bytes)
            bytes += [0x3B, 0x35]
            appendNumber(Int(i), to: &bytes)
        case .rgb(let r, let g, let b):
            appendNumber(base + 8, to: &bytes)
            bytes += [0x3B, 0x32]
            appendNumber(Int(r), to: &bytes)
            appendNumber(Int(g), to: &bytes)
            appendNumber(Int(b), to: &bytes)
        }
    }

    /// `;` and the decimal digits of `value` (0…999).
    private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(0x3B)
        if value >= 100 { bytes.append(0x30 + UInt8(value / 100)) }
        if value >= 10 { bytes.append(0x30 + UInt8(value / 10 % 10)) }
        bytes.append(0x30 + UInt8(value % 10))
    }
}
