// Drawing text into a frame, clipped to a rectangle, with the project's width rule.

import ClientCore

extension CellBuffer {
    /// Draws `text` (escaped as `DisplayWidth.shown`) at `row`, `col`, in the cells tmux would
    /// form for it, never past `clip` (default: the whole frame). Returns the column after the
    /// last cell written. A wide character that would straddle the clip edge is replaced by a space.
    @discardableResult
    public mutating func put(_ text: String, row: Int, col: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard row >= area.y, row < area.maxY else { return col }
        var x = col
        // Printable ASCII (most titles and labels, drawn every frame): one cell per byte, no
        // clustering.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for byte in text.utf8 {
                if x >= area.maxX { break }
                if x >= area.x { set(FrameCell(glyph: Glyph(ascii: byte), style: style), row: row, col: x) }
                x += 1
            }
            return x
        }
        for cell in DisplayWidth.cells(text) {
            if x >= area.maxX { break }
            let width = cell.width
            if x < area.x {
                x += width
                continue
            }
            if width == 2 && x + 1 >= area.maxX {
                set(FrameCell(glyph: .space, style: style), row: row, col: x)
                x += 1
                break
            }
            set(FrameCell(text: cell.text, width: UInt8(width), style: style), row: row, col: x)
            x += width
        }
        return x
    }

    /// Draws `text` in `rect`'s first row, padded with `style` blanks to the rect's width.
    public mutating func putLine(_ text: String, in rect: Rect, row: Int, style: Style = .plain) {
        guard row >= rect.y, row < rect.maxY else { return }
        fill(Rect(x: rect.x, y: row, width: rect.width, height: 1), with: .blank(style))
        put(DisplayWidth.truncate(text, to: rect.width), row: row, col: rect.x, style: style, clip: rect)
    }

    /// Draws a single-line box around `rect` with an optional title on its top edge.
    public mutating func box(_ rect: Rect, title: String = "", style: Style = .plain, glyphs: Glyphs = .unicode) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        if boxFast(rect, style: style, glyphs: glyphs) {
            if !title.isEmpty, rect.width > 4 {
                let shown = DisplayWidth.truncate(" \(title) ", to: rect.width - 2)
                put(shown, row: rect.y, col: rect.x + 1, style: style.with(.bold), clip: rect)
            }
            return
        }
        let h = String(repeating: glyphs.horizontal, count: rect.width - 2)
        put(glyphs.topLeft + h + glyphs.topRight, row: rect.y, col: rect.x, style: style, clip: rect)
        put(glyphs.bottomLeft + h + glyphs.bottomRight, row: rect.maxY - 1, col: rect.x, style: style, clip: rect)
        for r in (rect.y + 1)..<(rect.maxY - 1) {
            put(glyphs.vertical, row: r, col: rect.x, style: style, clip: rect)
            put(glyphs.vertical, row: r, col: rect.maxX - 1, style: style, clip: rect)
        }
        if !title.isEmpty, rect.width > 4 {
            let shown = DisplayWidth.truncate(" \(title) ", to: rect.width - 2)
            put(shown, row: rect.y, col: rect.x + 1, style: style.with(.bold), clip: rect)
        }
    }

    /// Draws the box's edges with cell fills when every glyph is one printable column and the
    /// box lies inside the grid: the cells `put` would draw, without measuring each character.
    /// Corners first, so wide characters they cut are repaired before the edges are filled.
    /// Returns false, drawing nothing, otherwise.
    private mutating func boxFast(_ rect: Rect, style: Style, glyphs: Glyphs) -> Bool {
        let parts = [
            glyphs.topLeft, glyphs.topRight, glyphs.bottomLeft, glyphs.bottomRight, glyphs.horizontal, glyphs.vertical,
        ]
        guard rect.intersection(bounds) == rect, parts.allSatisfy(Self.isSingleColumnGlyph) else { return false }
        let vertical = FrameCell(text: glyphs.vertical, style: style)
        let horizontal = FrameCell(text: glyphs.horizontal, style: style)
        set(FrameCell(text: glyphs.topLeft, style: style), row: rect.y, col: rect.x)
        set(FrameCell(text: glyphs.topRight, style: style), row: rect.y, col: rect.maxX - 1)
        set(FrameCell(text: glyphs.bottomLeft, style: style), row: rect.maxY - 1, col: rect.x)
        set(FrameCell(text: glyphs.bottomRight, style: style), row: rect.maxY - 1, col: rect.maxX - 1)
        fill(Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1), with: horizontal)
        fill(Rect(x: rect.x + 1, y: rect.maxY - 1, width: rect.width - 2, height: 1), with: horizontal)
        for r in (rect.y + 1)..<(rect.maxY - 1) {
            set(vertical, row: r, col: rect.x)
            set(vertical, row: r, col: rect.maxX - 1)
        }
        return true
    }

    /// One character, one column wide, not a control character (which `put` would replace).
    /// Printable ASCII and the box-drawing block (every tile's border, every frame) are known to
    /// be; anything else is measured.
    private static func isSingleColumnGlyph(_ glyph: String) -> Bool {
        let scalars = glyph.unicodeScalars
        if let only = scalars.first, scalars.count == 1,
            (0x20..<0x7F).contains(only.value) || (0x2500..<0x2580).contains(only.value)
        {
            return true
        }
        let cells = DisplayWidth.cells(glyph)
        return cells.count == 1 && cells[0].width == 1 && cells[0].text == glyph
    }

    /// The frame's text, one line per row, trailing spaces removed (for golden files and tests).
    public func text() -> String {
        (0..<size.rows).map { r in
            var line = ""
            for cell in row(r) where !cell.isContinuation { line += cell.text.isEmpty ? " " : cell.text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
