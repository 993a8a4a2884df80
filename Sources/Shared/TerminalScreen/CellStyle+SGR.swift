// A style as one SGR sequence that sets it from scratch: `CSI 0 ; … m`, with every attribute the
// screen holds (the extras that travel in libvterm's font number included, in the forms the
// feed path rewrites: 2, 8, 53, 4:4, 4:5) and colours in the shortest form that reads back as
// the same value (30–37 and 90–97 for the 16 palette colours, 38;5;n, 38;2;r;g;b).

extension CellStyle {
    /// `CSI 0 ; … m` for this style.
    public var sgr: [UInt8] {
        var out: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "0")]
        func add(_ code: String) {
            out.append(UInt8(ascii: ";"))
            out.append(contentsOf: code.utf8)
        }
        if attrs.contains(.bold) { add("1") }
        if attrs.contains(.dim) { add("2") }
        if attrs.contains(.italic) { add("3") }
        if let underline = underlineCode { add(underline) }
        if attrs.contains(.blink) { add("5") }
        if attrs.contains(.reverse) { add("7") }
        if attrs.contains(.conceal) { add("8") }
        if attrs.contains(.strike) { add("9") }
        if attrs.contains(.overline) { add("53") }
        if let code = Self.colorCode(fg, base: 30, extended: 38) { add(code) }
        if let code = Self.colorCode(bg, base: 40, extended: 48) { add(code) }
        out.append(UInt8(ascii: "m"))
        return out
    }

    private var underlineCode: String? {
        guard attrs.contains(.underline) else { return nil }
        if attrs.contains(.doubleUnderline) { return "4:2" }
        if attrs.contains(.curlyUnderline) { return "4:3" }
        if attrs.contains(.dottedUnderline) { return "4:4" }
        if attrs.contains(.dashedUnderline) { return "4:5" }
        return "4"
    }

    private static func colorCode(_ color: TerminalColor, base: Int, extended: Int) -> String? {
        switch color {
        case .default: return nil
        case .indexed(let index) where index < 8: return String(base + Int(index))
        case .indexed(let index) where index < 16: return String(base + 60 + Int(index) - 8)
        case .indexed(let index): return "\(extended);5;\(index)"
        case .rgb(let r, let g, let b): return "\(extended);2;\(r);\(g);\(b)"
        }
    }
}
