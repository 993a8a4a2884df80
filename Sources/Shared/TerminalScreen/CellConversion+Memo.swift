// Runs of cells usually share their attributes and colours (a coloured line is one SGR for many
// characters), so a reader converting a span of cells keeps the last conversion of those and
// reuses it while the raw libvterm bytes are the same.

import CVTerm

/// The last converted attributes and colours, keyed by their raw libvterm bytes.
struct CellStyleMemo {
    private var rawAttrs: UInt64 = .max
    private var rawFG: UInt32 = 0
    private var rawBG: UInt32 = 0
    private var style = CellStyle()
    /// Changes each time a cell's style differs from the one before (readers that convert the
    /// style further compare this instead of the style).
    private(set) var version: UInt32 = 0

    /// `source` as a `Cell`, like `CellConversion.cell(from:)`.
    mutating func cell(from source: VTermScreenCell, clusters: ClusterTable) -> Cell {
        let style = self.style(of: source)
        let (text, width) = CellConversion.text(of: source, clusters: clusters)
        return CellConversion.erasedAsTmux(
            Cell(text: text, width: width, attrs: style.attrs, fg: style.fg, bg: style.bg))
    }

    /// The attributes and colours of `source`, converted only when its raw bytes differ from the
    /// last cell's.
    @inline(__always)
    mutating func style(of source: VTermScreenCell) -> CellStyle {
        let key = (UInt64(Self.word(source.attrs)), Self.word(source.fg))
        let bgKey = Self.word(source.bg)
        if key.0 != rawAttrs || key.1 != rawFG || bgKey != rawBG {
            rawAttrs = key.0
            rawFG = key.1
            rawBG = bgKey
            style = CellStyle(
                attrs: CellConversion.attributes(source.attrs),
                fg: CellConversion.color(source.fg, defaultFlag: VTERM_COLOR_DEFAULT_FG.rawValue),
                bg: CellConversion.color(source.bg, defaultFlag: VTERM_COLOR_DEFAULT_BG.rawValue))
            version &+= 1
        }
        return style
    }

    /// True when `a` and `b` have the same raw attributes and colours (so the same style; the
    /// converse need not hold).
    @inline(__always)
    static func sameRawStyle(_ a: VTermScreenCell, _ b: VTermScreenCell) -> Bool {
        word(a.attrs) == word(b.attrs) && word(a.fg) == word(b.fg) && word(a.bg) == word(b.bg)
    }

    /// True when libvterm's attributes and colours are four bytes each, so that `word` reads
    /// all of each (checked by a test: a libvterm with more bits would fail it).
    static var stylesAreWords: Bool {
        MemoryLayout<VTermScreenCellAttrs>.size == 4 && MemoryLayout<VTermColor>.size == 4
    }

    /// The first four bytes of `value` (its only ones: libvterm's attribute bit-fields and
    /// colours are four bytes each; zero-padded if ever shorter), for equality only.
    @inline(__always)
    private static func word<T>(_ value: T) -> UInt32 {
        withUnsafeBytes(of: value) { raw in
            raw.count >= 4 ? raw.loadUnaligned(as: UInt32.self) : UInt32(raw.first ?? 0)
        }
    }
}
