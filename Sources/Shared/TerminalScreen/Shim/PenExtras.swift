// libvterm 0.1.4 has no dim, conceal or overline attribute and only three underline styles, but
// it keeps a per-cell font number (SGR 10–19 → 0–9) that programs practically never use. The
// feed path (`SGRRewriter`) rewrites every SGR list so that these extra attributes are stored in
// that number, and cell conversion decodes them again. Values 0–7 are three bits (dim, conceal,
// overline); 8 and 9 mean a dotted and a dashed underline with none of the three. A dotted or
// dashed underline together with dim, conceal or overline degrades to a single underline.

/// The attributes carried in libvterm's font number.
struct PenExtras: Hashable, Sendable {
    /// The extra underline styles libvterm cannot hold (it stores them as single).
    enum UnderlineStyle: UInt8, Sendable {
        case other, dotted, dashed
    }

    var dim = false
    var conceal = false
    var overline = false
    var underline = UnderlineStyle.other

    /// No extra attribute.
    static let none = PenExtras()

    /// Decodes a font number (0–9; anything else reads as none).
    init(font: Int) {
        switch font {
        case 0...7:
            dim = font & 1 != 0
            conceal = font & 2 != 0
            overline = font & 4 != 0
        case 8: underline = .dotted
        case 9: underline = .dashed
        default: break
        }
    }

    init(dim: Bool = false, conceal: Bool = false, overline: Bool = false, underline: UnderlineStyle = .other) {
        self.dim = dim
        self.conceal = conceal
        self.overline = overline
        self.underline = underline
    }

    /// The font number that carries these extras (0–9).
    var font: Int {
        let bits = (dim ? 1 : 0) | (conceal ? 2 : 0) | (overline ? 4 : 0)
        if bits == 0 && underline == .dotted { return 8 }
        if bits == 0 && underline == .dashed { return 9 }
        return bits
    }

    /// The attributes these extras add to a cell whose libvterm underline is `vtermUnderline`.
    func attributes(vtermUnderline: UInt32) -> CellAttributes {
        var result: CellAttributes = []
        if dim { result.insert(.dim) }
        if conceal { result.insert(.conceal) }
        if overline { result.insert(.overline) }
        if vtermUnderline == 1 && underline == .dotted { result.insert(.dottedUnderline) }
        if vtermUnderline == 1 && underline == .dashed { result.insert(.dashedUnderline) }
        return result
    }
}
