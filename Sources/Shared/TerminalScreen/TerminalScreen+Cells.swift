// Reading the screen and the scrollback as Cells and text.

import CVTerm

extension TerminalScreen {
    /// The cell at `row`, `col` (zero-based). Out-of-range positions give `Cell.blank`.
    public func cell(row: Int, col: Int) -> Cell {
        guard row >= 0, row < rows, col >= 0, col < cols else { return .blank }
        var vcell = VTermScreenCell()
        guard vterm_screen_get_cell(vtScreen, VTermPos(row: Int32(row), col: Int32(col)), &vcell) != 0 else {
            return .blank
        }
        return CellConversion.cell(from: vcell, clusters: sink.clusters)
    }

    /// All `cols` cells of screen row `r` (empty for an out-of-range row).
    public func row(_ r: Int) -> [Cell] {
        guard r >= 0, r < rows else { return [] }
        var result: [Cell] = []
        result.reserveCapacity(cols)
        for col in 0..<cols { result.append(cell(row: r, col: col)) }
        return result
    }

    /// The text of screen row `row`: empty cells as spaces, continuation cells skipped, trailing
    /// spaces trimmed. Printable ASCII is read as bytes (no `Cell`, no `String` per cell), so a
    /// reader that looks at every row after every chunk (the bench's watched screens) stays cheap.
    public func text(row r: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(cols)
        forEachCell(
            row: r, columns: 0..<cols, ascii: { _, byte, _, _ in bytes.append(byte) },
            other: { _, cell in
                guard !cell.isContinuation else { return }
                if cell.text.isEmpty { bytes.append(0x20) } else { bytes.append(contentsOf: cell.text.utf8) }
            })
        while bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Number of lines currently kept in the scrollback (≤ `scrollbackLimit`).
    public var scrollbackCount: Int { sink.scrollback.count }

    /// Scrollback line `index`, where **0 is the oldest** kept line and `scrollbackCount - 1` the
    /// newest (the one just above the screen). Lines are stored without trailing blank cells, so
    /// they may be shorter than `cols`. Out of range gives `[]`.
    public func scrollbackLine(_ index: Int) -> [Cell] {
        guard index >= 0, index < sink.scrollback.count else { return [] }
        return sink.scrollback[index]
    }

    /// Scrollback lines pushed since the screen was made (never decreases), and a number that
    /// changes whenever pushed lines are taken back or cleared (a resize that pulls lines down, a
    /// hard reset): together they tell a reader of the scrollback (`HistoryText`) which lines are
    /// new to it.
    var scrollbackVersion: (pushed: Int, epoch: Int) { (sink.scrollback.pushedTotal, sink.scrollback.epoch) }

    /// Number of history lines: scrollback plus screen rows (the coordinate space of `search`).
    public var historyCount: Int { sink.scrollback.count + rows }

    /// History line `index`: scrollback lines first (0 = oldest), then the screen rows.
    public func historyLine(_ index: Int) -> [Cell] {
        let count = sink.scrollback.count
        return index < count ? scrollbackLine(index) : row(index - count)
    }

    /// The text of a line of cells, as `text(row:)` builds it.
    public static func text(of cells: [Cell]) -> String {
        var text = ""
        for cell in cells where !cell.isContinuation {
            if cell.text.isEmpty { text.append(" ") } else { text.append(cell.text) }
        }
        while text.last == " " { text.removeLast() }
        return text
    }
}
