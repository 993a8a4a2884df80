// A joining scalar that starts a piece (the network cut it from its base, or the sanitizer held
// its UTF-8 back) belongs to the previous piece's last cell, as in xterm and tmux: a combining
// mark, a ZWJ or variation selector, or any scalar after a ZWJ that ended the previous piece.
// `TextShaper` re-forms that cell as one piece would have formed it; the guard tells it how to
// print the cell again. libvterm 0.1.4 cannot do the join itself: it joins a mark written later
// only when the cursor is right after that glyph (state.c, `on_text`: `pos.col ==
// combine_pos.col + combine_width`), and only marks its own tables know. After a glyph printed at
// the end of the row the cursor stays on the glyph's own column (pending wrap, `at_phantom`), so
// libvterm printed the mark as a glyph of its own on the next row; a mark it does not know, a
// ZWJ, or a cell that now needs a stand-in were dropped (found by Fuzz/Targets/terminal). So the
// guard moves the cursor back onto the cell (CHA, which also ends a pending wrap) and the cell is
// printed again: the same cell, cursor and pending wrap as from one write.
//
// libvterm does not tell whether it waits to wrap: a cursor in the last column may follow a glyph
// in the column before it, or sit on a glyph in the pending-wrap state. So a piece's last cell is
// written on its own between two cursor reads: a print that leaves the cursor where it was ends
// in the pending-wrap state, unless it wrapped and scrolled onto the same position (then the
// cursor is on the erased cell after the glyph); one that moves it to column 0 wrapped a glyph
// as wide as the row and waits to wrap again.

extension InputGuard {
    /// Where the previous piece's last cell is on libvterm's screen: libvterm's cursor right after
    /// printing it, the cell's column, and whether libvterm waits there to wrap.
    typealias CellPlace = (cursor: Position, column: Int, pendingWrap: Bool)

    /// Notes where the piece's last cell is, written on its own with libvterm's cursor at `before`
    /// and then at `after`.
    mutating func noteLastCell(before: Position, after: Position, isErased: (Position) -> Bool) {
        let pendingWrap = before == after ? !isErased(after) : after.col == 0
        let column = pendingWrap ? after.col : after.col - shaper.lastCell.width
        lastCellPlace = column >= 0 ? (after, column, pendingWrap) : nil
        lastCellPlaceRun = printedRuns
    }

    /// Tells the shaper, at the start of a piece, how to print the previous piece's last cell
    /// again: only while libvterm's cursor is still where that cell left it.
    mutating func prepareReprint(cursor: () -> Position) {
        guard shaper.lastCellEndsPiece else { return }
        guard let place = lastCellPlace, cursor() == place.cursor else {
            return shaper.beginPiece(moveBack: nil, restore: [], pendingWrap: false)
        }
        // In insert mode the cell printed again would push the old one aside: IRM is off for it.
        let move = Self.moveToColumn(place.column)
        shaper.beginPiece(
            moveBack: insertMode ? Self.insertOff + move : move, restore: insertMode ? Self.insertOn : [],
            pendingWrap: place.pendingWrap)
    }

    private static let insertOff: [UInt8] = Array("\u{1B}[4l".utf8)
    private static let insertOn: [UInt8] = Array("\u{1B}[4h".utf8)

    /// `CHA`: the cursor to `column` (zero-based) of its row.
    private static func moveToColumn(_ column: Int) -> [UInt8] {
        [0x1B, UInt8(ascii: "[")] + Array(String(column + 1).utf8) + [UInt8(ascii: "G")]
    }
}

extension InputGuard {
    /// The screen's content and libvterm's cursor moved up `rows` rows together (a batched
    /// scroll, TerminalScreen+ScrollBatch.swift): the previous piece's last cell moved with them.
    mutating func contentScrolled(by rows: Int) {
        guard let place = lastCellPlace else { return }
        let row = place.cursor.row - rows
        guard row >= 0 else {
            lastCellPlace = nil
            return
        }
        let cursor: Position = (row: row, col: place.cursor.col)
        lastCellPlace = (cursor: cursor, column: place.column, pendingWrap: place.pendingWrap)
    }
}
