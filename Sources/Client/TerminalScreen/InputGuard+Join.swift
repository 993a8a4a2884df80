// A combining mark that starts a piece (the network cut it from its base, or the sanitizer held
// its UTF-8 back) belongs to the previous piece's last cell, as in xterm and tmux. libvterm 0.1.4
// joins a mark written later only when the cursor is right after that glyph (state.c, `on_text`:
// `pos.col == combine_pos.col + combine_width`). After a glyph printed at the end of the row the
// cursor stays on the glyph's own column (pending wrap, `at_phantom`), so libvterm printed the
// mark as a glyph of its own at the start of the next row: one row lower than when the same
// bytes came in one piece (found by Fuzz/Targets/terminal). There the guard moves the cursor back
// onto the glyph (CHA, which also ends the pending wrap) and prints the glyph again together with
// the mark: the same cell, cursor and pending wrap as from one write.
//
// libvterm does not tell whether it waits to wrap: a cursor in the last column may follow a glyph
// in the column before it, or sit on a glyph in the pending-wrap state. So a piece's last cell is
// written on its own between two cursor reads: a print that leaves the cursor where it was ends
// in the pending-wrap state, unless it wrapped and scrolled onto the same position (then the
// cursor is on the erased cell after the glyph); one that moves it to column 0 wrapped a glyph
// as wide as the row and waits to wrap again.

extension InputGuard {
    /// Notes whether the piece's last cell, written on its own with libvterm's cursor at `before`
    /// and then at `after`, left libvterm in the pending-wrap state.
    mutating func notePendingWrap(before: Position, after: Position, isErased: (Position) -> Bool) {
        let pendingWrap = before == after ? !isErased(after) : after.col == 0
        pendingWrapCell = pendingWrap ? after : nil
    }

    /// Passes the combining mark at `input[range]`, which starts a piece right after the last
    /// cell, so that libvterm joins it to that cell. `cursor` reads libvterm's cursor.
    mutating func joinLastCell(
        _ range: Range<Int>, _ input: UnsafeRawBufferPointer, cursor: () -> Position, _ replace: TextShaper.Replace
    ) {
        let glyph = shaper.lastCell.glyph
        guard Self.scalarCount(glyph) < TextShaper.vtermMaxScalars else {
            // libvterm keeps no more scalars per cell; joined, the mark would not be shown either.
            return replace(range, [])
        }
        // Everything before the mark goes to libvterm first, so that the cursor read is current.
        replace(range.lowerBound..<range.lowerBound, [])
        let mark = UnsafeRawBufferPointer(rebasing: input[range])
        if let cell = pendingWrapCell, cursor() == cell {
            replace(range, Self.moveToColumn(cell.col) + glyph + mark)
        }
        shaper.extendLastCell(with: mark)
    }

    /// `CHA`: the cursor to `column` (zero-based) of its row.
    private static func moveToColumn(_ column: Int) -> [UInt8] {
        [0x1B, UInt8(ascii: "[")] + Array(String(column + 1).utf8) + [UInt8(ascii: "G")]
    }

    private static func scalarCount(_ utf8: [UInt8]) -> Int {
        utf8.count { $0 & 0xC0 != 0x80 }
    }
}
