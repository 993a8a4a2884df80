// Cheap reads for renderers that show only part of a screen (a wall tile shows about a third of
// the columns and rows): a span of one row's cells without building an array, and whether a row
// is blank with one libvterm call instead of a cell-by-cell conversion.

import CVTerm

extension TerminalScreen {
    /// Calls `body` with the column and cell for every column of `row` in `columns` (clamped to
    /// the screen), left to right. Reads the same cells as `row(_:)`, without allocating a row.
    public func forEachCell(row: Int, columns: Range<Int>, _ body: (Int, Cell) -> Void) {
        forEachCell(
            row: row, columns: columns,
            ascii: { col, byte, style, _ in
                body(
                    col,
                    Cell(
                        text: CellConversion.asciiStrings[Int(byte)], width: 1, attrs: style.attrs, fg: style.fg,
                        bg: style.bg))
            }, other: body)
    }

    /// Like `forEachCell(row:columns:_:)`, but a printable ASCII cell (most of what a busy pane
    /// shows) goes to `ascii` as its byte and style, without a `Cell` or a `String`; `styleVersion`
    /// changes whenever the style differs from the previous cell's, so a reader can convert the
    /// style once per run. Every other cell goes to `other` as the same `Cell` `row(_:)` gives.
    public func forEachCell(
        row: Int, columns: Range<Int>,
        ascii: (_ col: Int, _ byte: UInt8, _ style: CellStyle, _ styleVersion: UInt32) -> Void,
        other: (_ col: Int, _ cell: Cell) -> Void
    ) {
        guard row >= 0, row < rows else { return }
        let lower = max(columns.lowerBound, 0)
        let upper = min(columns.upperBound, cols)
        guard lower < upper else { return }
        var vcell = VTermScreenCell()
        var memo = CellStyleMemo()
        let clusters = sink.clusters
        for col in lower..<upper {
            let pos = VTermPos(row: Int32(row), col: Int32(col))
            guard vterm_screen_get_cell(vtScreen, pos, &vcell) != 0 else {
                other(col, .blank)
                continue
            }
            if CellConversion.isPlainASCII(vcell) {
                let style = memo.style(of: vcell)
                ascii(col, UInt8(vcell.chars.0), style, memo.version)
            } else {
                other(col, memo.cell(from: vcell, clusters: clusters))
            }
        }
    }

    /// True if every cell of screen row `row` shows nothing but spaces (erased cells count as
    /// spaces, whatever their colours), the rule `TerminalScreenMirror`-style crops use to find the
    /// used area. Out-of-range rows are blank.
    public func isBlank(row: Int) -> Bool {
        guard row >= 0, row < rows else { return true }
        let capacity = cols * Int(VTERM_MAX_CHARS_PER_CELL)
        if blankScratch.count < capacity { blankScratch = Array(repeating: 0, count: capacity) }
        let rect = VTermRect(start_row: Int32(row), end_row: Int32(row + 1), start_col: 0, end_col: Int32(cols))
        return blankScratch.withUnsafeMutableBufferPointer { buffer in
            let count = vterm_screen_get_chars(vtScreen, buffer.baseAddress, buffer.count, rect)
            return buffer.prefix(min(count, buffer.count)).allSatisfy { $0 == 0x20 }
        }
    }
}
