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
        let key = (Self.bits(source.attrs, as: UInt64.self), Self.bits(source.fg, as: UInt32.self))
        let bgKey = Self.bits(source.bg, as: UInt32.self)
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

    /// The first bytes of `value` (zero-padded) as an integer, for equality only.
    private static func bits<T, I: FixedWidthInteger>(_ value: T, as: I.Type) -> I {
        var result: I = 0
        withUnsafeBytes(of: value) { source in
            withUnsafeMutableBytes(of: &result) { target in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(target.count)))
            }
        }
        return result
    }
}
