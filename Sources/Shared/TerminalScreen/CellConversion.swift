// Conversions between libvterm's VTermScreenCell and the module's Cell, including the Swift
// versions of libvterm's function-like colour macros (VTERM_COLOR_IS_*), which do not import.

import CVTerm

/// Pure conversions between libvterm cells/colours and `Cell`/`TerminalColor`.
enum CellConversion {
    /// libvterm marks the right half of a wide character with this in `chars[0]`.
    static let continuationMarker: UInt32 = 0xFFFF_FFFF
    /// At most this many scalars are given back to libvterm, leaving room for its terminator.
    static let maxScalarsBack = Int(VTERM_MAX_CHARS_PER_CELL) - 1

    /// One-scalar strings for ASCII, so the common cell costs no string building.
    static let asciiStrings: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    static func cell(from source: VTermScreenCell, clusters: ClusterTable) -> Cell {
        let (text, width) = self.text(of: source, clusters: clusters)
        return erasedAsTmux(
            Cell(
                text: text, width: width, attrs: attributes(source.attrs),
                fg: color(source.fg, defaultFlag: VTERM_COLOR_DEFAULT_FG.rawValue),
                bg: color(source.bg, defaultFlag: VTERM_COLOR_DEFAULT_BG.rawValue)))
    }

    /// libvterm erases with the whole pen (underline, overline, reverse, …); tmux and xterm keep
    /// only the background colour in an erased cell, so a cell without text keeps only that.
    @inline(__always)
    static func erasedAsTmux(_ cell: Cell) -> Cell {
        guard cell.text.isEmpty, cell.width != 0, !cell.attrs.isEmpty || cell.fg != .default else { return cell }
        return Cell(text: "", width: cell.width, bg: cell.bg)
    }

    /// The text and width of `source` ("" and 0 for the right half of a wide character); stand-ins
    /// are replaced by the text they stand for.
    static func text(of source: VTermScreenCell, clusters: ClusterTable) -> (String, UInt8) {
        var vcell = source
        let (text, isContinuation) = withUnsafeBytes(of: &vcell.chars) { raw -> (String, Bool) in
            let scalars = raw.bindMemory(to: UInt32.self)
            let first = scalars[0]
            if first == continuationMarker { return ("", true) }
            if first == 0 { return ("", false) }
            if first < 128, scalars[1] == 0 { return (asciiStrings[Int(first)], false) }
            var text = ""
            for value in scalars {
                if value == 0 { break }
                if let original = clusters.text(for: value) {
                    text += original
                } else {
                    text.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                }
            }
            return (text, false)
        }
        return (text, isContinuation ? 0 : (vcell.width >= 2 ? 2 : 1))
    }

    /// True for a one-column cell showing one printable ASCII character (libvterm reports a width
    /// of 2 for a character left of a stale continuation: not such a cell).
    @inline(__always)
    static func isPlainASCII(_ cell: VTermScreenCell) -> Bool {
        cell.chars.0 >= 0x20 && cell.chars.0 < 0x7F && cell.chars.1 == 0 && cell.width == 1
    }

    /// True for a cell that stores as `Cell.blank` (no text, default background; see `erasedAsTmux`).
    static func isBlank(_ cell: VTermScreenCell) -> Bool {
        cell.chars.0 == 0 && cell.width <= 1 && isDefault(cell.bg, flag: VTERM_COLOR_DEFAULT_BG.rawValue)
    }

    static func attributes(_ attrs: VTermScreenCellAttrs) -> CellAttributes {
        var result: CellAttributes = []
        if attrs.bold != 0 { result.insert(.bold) }
        if attrs.italic != 0 { result.insert(.italic) }
        if attrs.underline != 0 { result.insert(.underline) }
        if attrs.underline == 2 { result.insert(.doubleUnderline) }
        if attrs.underline == 3 { result.insert(.curlyUnderline) }
        if attrs.reverse != 0 { result.insert(.reverse) }
        if attrs.strike != 0 { result.insert(.strike) }
        if attrs.blink != 0 { result.insert(.blink) }
        if attrs.font != 0 {
            result.formUnion(PenExtras(font: Int(attrs.font)).attributes(vtermUnderline: attrs.underline))
        }
        return result
    }

    static func color(_ color: VTermColor, defaultFlag: UInt32) -> TerminalColor {
        if isDefault(color, flag: defaultFlag) { return .default }
        if isIndexed(color) { return .indexed(color.indexed.idx) }
        return .rgb(color.rgb.red, color.rgb.green, color.rgb.blue)
    }

    /// `VTERM_COLOR_IS_INDEXED`.
    static func isIndexed(_ color: VTermColor) -> Bool {
        color.type & UInt8(VTERM_COLOR_TYPE_MASK.rawValue) == UInt8(VTERM_COLOR_INDEXED.rawValue)
    }

    /// `VTERM_COLOR_IS_DEFAULT_FG` / `_BG`.
    static func isDefault(_ color: VTermColor, flag: UInt32) -> Bool { color.type & UInt8(flag) != 0 }

    static func vtermColor(_ color: TerminalColor, default fallback: VTermColor) -> VTermColor {
        var result = VTermColor()
        switch color {
        case .default:
            return fallback
        case .indexed(let index):
            result.type = UInt8(VTERM_COLOR_INDEXED.rawValue)
            result.indexed.idx = index
        case .rgb(let red, let green, let blue):
            result.type = UInt8(VTERM_COLOR_RGB.rawValue)
            result.rgb.red = red
            result.rgb.green = green
            result.rgb.blue = blue
        }
        return result
    }

    static func vtermCell(
        from cell: Cell, defaultFG: VTermColor, defaultBG: VTermColor, clusters: ClusterTable
    ) -> VTermScreenCell {
        var result = VTermScreenCell()
        // A text longer than libvterm keeps goes back as its stand-in.
        let scalars =
            cell.text.unicodeScalars.count > maxScalarsBack
            ? String(decoding: clusters.standIn(for: cell.text, width: Int(cell.width)), as: UTF8.self).unicodeScalars
            : cell.text.unicodeScalars
        withUnsafeMutableBytes(of: &result.chars) { raw in
            let slots = raw.bindMemory(to: UInt32.self)
            if cell.isContinuation {
                slots[0] = continuationMarker
                return
            }
            for (index, scalar) in scalars.prefix(maxScalarsBack).enumerated() { slots[index] = scalar.value }
        }
        result.width = cell.width == 2 ? 2 : 1
        result.attrs.bold = cell.attrs.contains(.bold) ? 1 : 0
        result.attrs.italic = cell.attrs.contains(.italic) ? 1 : 0
        result.attrs.underline = underlineValue(cell.attrs)
        result.attrs.reverse = cell.attrs.contains(.reverse) ? 1 : 0
        result.attrs.strike = cell.attrs.contains(.strike) ? 1 : 0
        result.attrs.blink = cell.attrs.contains(.blink) ? 1 : 0
        result.attrs.font = UInt32(extras(cell.attrs).font)
        result.fg = vtermColor(cell.fg, default: defaultFG)
        result.bg = vtermColor(cell.bg, default: defaultBG)
        return result
    }

    private static func extras(_ attrs: CellAttributes) -> PenExtras {
        let style: PenExtras.UnderlineStyle =
            attrs.contains(.dottedUnderline) ? .dotted : attrs.contains(.dashedUnderline) ? .dashed : .other
        return PenExtras(
            dim: attrs.contains(.dim), conceal: attrs.contains(.conceal), overline: attrs.contains(.overline),
            underline: style)
    }

    private static func underlineValue(_ attrs: CellAttributes) -> UInt32 {
        if attrs.contains(.curlyUnderline) { return 3 }
        if attrs.contains(.doubleUnderline) { return 2 }
        return attrs.contains(.underline) ? 1 : 0
    }
}
