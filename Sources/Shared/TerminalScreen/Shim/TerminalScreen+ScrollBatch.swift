// Scrolling a run of plain lines at the bottom of the screen in one step (why, and why it leaves
// the same screen and scrollback: ScrollBatchPlan.swift). Here libvterm's side of the conditions
// is checked: the guard is between sequences, the region is the whole screen, the cursor is on
// the bottom row short of the last column (so no wrap is pending), and the pen is at its default
// (so the erased rows are the same). Then `CSI K S` scrolls the K rows at once and `CSI K A` puts
// the cursor back on the row the run's first line is written to; the run itself goes through
// the guard as usual, and its line feeds no longer reach the bottom.

import CVTerm

#if canImport(Glibc)
    import Glibc
#endif

extension TerminalScreen {
    /// If `piece` starts with a run of plain lines that can be scrolled at once, scrolls for it
    /// and returns the plan (the caller writes the run); nil otherwise.
    func scrollAhead(_ piece: UnsafeRawBufferPointer) -> ScrollBatchPlan? {
        guard scrollBatching, rows >= 3, inputGuard.mode == .ground, inputGuard.held.isEmpty,
            inputGuard.scrollsWholeScreen(rows: rows), inputGuard.lastCellPlace?.pendingWrap != true
        else { return nil }
        let columns = Self.internalCols(cols)
        let cursor = Self.cursorPosition(vtState)
        guard cursor.row == rows - 1, cursor.col >= 0, cursor.col < columns - 1 else { return nil }
        guard
            let plan = ScrollBatchPlan.scan(
                piece, startColumn: cursor.col, columns: columns, maxLineFeeds: rows - 1),
            isPenDefault()
        else { return nil }
        var scroll = "\u{1B}[\(plan.lineFeeds)S\u{1B}[\(plan.lineFeeds)A"
        scroll.withUTF8 { Self.write(UnsafeRawBufferPointer($0), to: vt) }
        inputGuard.contentScrolled(by: plan.lineFeeds)
        batchedLineFeeds += plan.lineFeeds
        return plan
    }

    /// True when libvterm's pen has no attribute and the default colours (what a full SGR reset
    /// leaves).
    private func isPenDefault() -> Bool {
        var value = VTermValue()
        for attribute in Self.penFlags {
            vterm_state_get_penattr(vtState, attribute, &value)
            if value.number != 0 { return false }
        }
        vterm_state_get_penattr(vtState, VTERM_ATTR_FOREGROUND, &value)
        guard value.color.type & UInt8(VTERM_COLOR_DEFAULT_FG.rawValue) != 0 else { return false }
        vterm_state_get_penattr(vtState, VTERM_ATTR_BACKGROUND, &value)
        return value.color.type & UInt8(VTERM_COLOR_DEFAULT_BG.rawValue) != 0
    }

    /// The pen attributes read as numbers (booleans are 0 or 1 in `VTermValue`'s union).
    private static let penFlags: [VTermAttr] = [
        VTERM_ATTR_BOLD, VTERM_ATTR_UNDERLINE, VTERM_ATTR_ITALIC, VTERM_ATTR_BLINK, VTERM_ATTR_REVERSE,
        VTERM_ATTR_STRIKE, VTERM_ATTR_FONT,
    ]
}

extension TerminalScreen {
    /// Where the first line of `piece` ends (after its LF), when batching is on and more follows:
    /// a run that cannot be batched from here may be from the next line on.
    func nextLineEnd(_ piece: UnsafeRawBufferPointer) -> Int? {
        guard scrollBatching, let base = piece.baseAddress, let hit = memchr(base, 0x0A, piece.count) else {
            return nil
        }
        let end = base.distance(to: UnsafeRawPointer(hit)) + 1
        return end < piece.count ? end : nil
    }
}
