// The bytes that rebuild a ScreenImage on a reset terminal of its size (a pane stream's snapshot).
//
// Layout: RIS and autowrap off; the scrollback, printed from the top row and scrolled off with line feeds (a
// full-screen scroll is what pushes lines into a libvterm or xterm scrollback); the primary
// screen and the switch to the alternate one when it is on; the visible rows, each from an
// absolute position; then, with the cursor's own state last: the titles, the cursor save, the
// scroll region and origin mode, the cursor (printing the last cell again when it waits to wrap),
// the character sets, the modes and the pen. A cell's style is set with one full SGR wherever it
// changes; erased cells are erased (ECH, or EL to the row's end) with their background, never
// printed as spaces, so they read back as erased.

extension ScreenImage {
    /// The bytes, with at most `historyLimit` of the newest scrollback lines.
    public func encoded(historyLimit: Int = .max) -> [UInt8] {
        encoded(historyLines: scrollback.suffix(max(0, historyLimit)).map { ImageWriter.historyLine($0, cols: cols) })
    }

    /// The bytes, with `historyLines` (scrollback lines as `ImageWriter.historyLine` encodes them,
    /// oldest first: a `HistoryImage`'s) in place of the image's own scrollback.
    public func encoded(historyLines: some Collection<[UInt8]>) -> [UInt8] {
        var out = ImageWriter(cols: cols)
        // Rows are written without autowrap, each from its own position: a wide cell in the last
        // column (printed there with autowrap off) stays there, and nothing waits to wrap.
        out.raw("\u{1B}c\u{1B}[?7l")
        out.history(historyLines, rows: rows)
        if let primary {
            out.rows(primary)
            out.raw("\u{1B}[?1047h\u{1B}[0m\u{1B}[2J")
        }
        out.rows(screen)
        out.cursorState(self)
        out.bytes += pendingInput
        return out.bytes
    }
}

/// Accumulates snapshot bytes, remembering the pen it last set.
struct ImageWriter {
    var bytes: [UInt8] = []
    /// The screen's width: an erase that reaches it can erase to the row's end.
    let cols: Int
    /// The style the bytes so far leave the terminal's pen in.
    var pen = CellStyle()
    /// The cursor look the bytes so far set (a reset terminal's at first).
    var look = CursorLook()

    /// The cursor's visibility, blink and shape.
    struct CursorLook {
        var visible = true
        var blink = true
        var shape = 1
    }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func style(_ style: CellStyle) {
        guard style != pen else { return }
        bytes.append(contentsOf: style.sgr)
        pen = style
    }

    /// Cursor to zero-based `row`, `col` (absolute: origin mode is off while rows are written).
    mutating func move(row: Int, col: Int) { raw("\u{1B}[\(row + 1);\(col + 1)H") }

    /// Scrollback lines pushed off a `rows`-row screen, oldest first, each encoded by
    /// `historyLine`: one after the other from the top row, then scrolled off with line feeds.
    mutating func history(_ lines: some Collection<[UInt8]>, rows: Int) {
        guard !lines.isEmpty else { return }
        for (index, line) in lines.enumerated() {
            if index > 0 { raw("\r\n") }
            bytes += line
        }
        move(row: rows - 1, col: 0)
        raw(String(repeating: "\n", count: min(lines.count, rows)))
    }

    /// One scrollback line's bytes: its cells from column 0 and the default pen, which they
    /// leave set again, so that a line's bytes depend on its cells alone (`HistoryImage` keeps them).
    static func historyLine(_ line: [Cell], cols: Int) -> [UInt8] {
        var out = ImageWriter(cols: cols)
        out.cells(line)
        out.style(CellStyle())
        return out.bytes
    }

    /// Screen rows from the top, each from its own position.
    mutating func rows(_ rows: [[Cell]]) {
        for (index, row) in rows.enumerated() where row.contains(where: { !$0.isPlainBlank }) {
            move(row: index, col: 0)
            cells(row)
        }
        style(CellStyle())
    }

    /// One row's cells from the cursor's column 0: text printed in its style, erased runs erased
    /// with their background, default blanks skipped.
    mutating func cells(_ row: [Cell]) {
        var col = 0
        while col < row.count {
            let cell = row[col]
            if cell.isContinuation {
                col += 1
                continue
            }
            guard cell.text.isEmpty else {
                style(CellStyle(attrs: cell.attrs, fg: cell.fg, bg: cell.bg))
                raw(cell.text)
                col += max(Int(cell.width), 1)
                continue
            }
            var end = col + 1
            while end < row.count, row[end].text.isEmpty, !row[end].isContinuation, row[end].bg == cell.bg { end += 1 }
            erase(from: col, to: end, bg: cell.bg)
            col = end
        }
    }

    /// Erased cells `start..<end` of a row, the cursor at `start`.
    private mutating func erase(from start: Int, to end: Int, bg: TerminalColor) {
        let toRowEnd = end >= cols
        if bg == .default && toRowEnd { return }
        if bg != .default {
            style(CellStyle(bg: bg))
            raw(toRowEnd ? "\u{1B}[K" : "\u{1B}[\(end - start)X")
        }
        if !toRowEnd { raw("\u{1B}[\(end - start)C") }
    }
}

extension Cell {
    /// An erased cell with default colours: what a reset screen already holds.
    var isPlainBlank: Bool { text.isEmpty && width != 0 && bg == .default }
}
