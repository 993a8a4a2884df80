// Taking a ScreenImage from a live screen. What libvterm exposes is read directly (cells, cursor,
// pen, properties); the modes it keeps privately are asked of its own encoders (cursor keys,
// keypad, bracketed paste) or were followed by the input guard on their way in (autowrap, origin,
// focus reports, mouse encoding, character sets, scroll region) and at the moment they happened
// (the cursor save, the primary screen behind the alternate one: TerminalScreen+Saved.swift).

import CVTerm

extension TerminalScreen {
    /// The screen's exact image, with at most `historyLimit` of its newest scrollback lines.
    public func image(historyLimit: Int = .max) -> ScreenImage {
        let history = max(0, min(historyLimit, scrollbackCount))
        var image = ScreenImage(
            rows: rows, cols: cols,
            scrollback: (scrollbackCount - history..<scrollbackCount).map {
                Self.trimmed(Self.canonical(scrollbackLine($0)))
            },
            screen: (0..<rows).map { Self.canonical(row($0)) },
            primary: isAltScreen ? primaryRows.map { $0.map { Self.canonical(fitted($0)) } } : nil,
            cursor: cursor, cursorBlink: sink.cursorBlink, cursorShape: sink.cursorShape,
            pendingWrap: isPendingWrap, pen: pen, saved: savedCursor, modes: modes,
            title: sink.title, iconName: sink.iconName)
        image.pendingInput = inputGuard.pendingInput + sanitizer.unfinished
        // The start of a UTF-8 character the next bytes complete may still join; an escape may not.
        image.joinableCell = inputGuard.pendingInput.isEmpty ? joinableCell : nil
        return image
    }

    /// The modes in force.
    public var modes: ScreenModes {
        var modes = ScreenModes()
        modes.applicationCursor = encode(TerminalKey.up) == Self.applicationUp
        modes.applicationKeypad = captureOutput { vterm_keyboard_key(vt, VTERM_KEY_KP_0, VTERM_MOD_NONE) } != [0x30]
        modes.insert = inputGuard.insertMode
        modes.autowrap = inputGuard.followed.autowrap
        modes.origin = inputGuard.followed.origin
        modes.reverseVideo = sink.isReverseVideo
        modes.bracketedPaste = isBracketedPasteEnabled
        modes.focusReports = inputGuard.followed.focusReports
        modes.mouse = sink.mouseMode
        modes.mouseEncoding = inputGuard.followed.mouseEncoding
        if let region = inputGuard.scrollRegion, !region.isFullScreen(rows: rows) {
            modes.hasScrollRegion = true
            modes.scrollTop = region.top
            modes.scrollBottom = region.bottom
        }
        modes.g0 = inputGuard.followed.g0
        modes.g1 = inputGuard.followed.g1
        modes.g2 = inputGuard.followed.g2
        modes.g3 = inputGuard.followed.g3
        modes.gl = inputGuard.followed.gl
        return modes
    }

    private static let applicationUp: [UInt8] = [0x1B, UInt8(ascii: "O"), UInt8(ascii: "A")]

    /// Whether libvterm waits in the last column to wrap (`at_phantom`, which it does not expose):
    /// nothing moved the cursor since the last character was printed, the cursor is on the last
    /// column's cell (the first half of a wide cell ending there: libvterm keeps the cursor on
    /// the glyph it waits after), and that cell holds that character. (A
    /// character printed in the column before, moving the cursor onto an old copy of itself, reads
    /// the same; that case is taken as waiting.)
    var isPendingWrap: Bool {
        guard inputGuard.followed.autowrap, inputGuard.printedLast else { return false }
        let now = Self.cursorPosition(vtState)
        // The guard wrote the last cell on its own and saw where it went: no guess needed.
        if let place = inputGuard.lastCellPlace, inputGuard.lastCellPlaceRun == inputGuard.printedRuns,
            place.cursor == now
        {
            return place.pendingWrap
        }
        let last = inputGuard.shaper.lastCell
        guard !last.glyph.isEmpty, last.width <= cols, now.col == cols - last.width else { return false }
        let cell = cell(row: now.row, col: now.col)
        guard Int(cell.width) == last.width else { return false }
        // A character set such as DEC line drawing shows another character than was sent.
        if inputGuard.translatesASCII && last.glyph.count == 1 { return !cell.text.isEmpty }
        return cell.text == lastPrintedText(last.glyph)
    }

    /// Where the cell printed last is, while a joining scalar fed next would still join it (the
    /// input guard re-forms it, InputGuard+Join.swift).
    private var joinableCell: CellPosition? {
        guard inputGuard.shaper.lastCellEndsPiece, let place = inputGuard.lastCellPlace,
            Self.cursorPosition(vtState) == place.cursor
        else { return nil }
        return CellPosition(row: place.cursor.row, col: place.column)
    }

    /// The text of the glyph last given to libvterm (a stand-in's real text).
    private func lastPrintedText(_ glyph: [UInt8]) -> String {
        let text = String(decoding: glyph, as: UTF8.self)
        let scalars = text.unicodeScalars
        if scalars.count == 1, let first = scalars.first, let real = sink.clusters.text(for: first.value) {
            return real
        }
        return text
    }

    /// A row as an image keeps it: the right half of a wide character carries nothing of its own
    /// (the renderer skips it), and the halves libvterm 0.1.4 leaves when a character is printed
    /// over one half of a wide one become blanks, as tmux makes them (libvterm keeps the other
    /// half's glyph with the wrong width, which no printing can make again).
    static func canonical(_ cells: [Cell]) -> [Cell] {
        var out = cells
        var col = 0
        while col < out.count {
            let cell = out[col]
            let fits = col + 1 < out.count && cells[col + 1].isContinuation
            if cell.isContinuation {
                out[col] = col > 0 && out[col - 1].width == 2 ? continuation : Cell(text: "", bg: .default)
            } else if cell.width == 2, !fits || CellLayout.width(of: cell.text) != 2 {
                out[col] = Cell(
                    text: cell.text.isEmpty || CellLayout.width(of: cell.text) == 2 ? "" : cell.text,
                    attrs: cell.text.isEmpty ? [] : cell.attrs, fg: cell.fg, bg: cell.bg)
            } else if cell.width == 1, !cell.text.isEmpty, CellLayout.width(of: cell.text) != 1 {
                out[col] = Cell(text: "", bg: cell.bg)
            }
            col += 1
        }
        return out
    }

    private static let continuation = Cell(text: "", width: 0)

    /// A scrollback line without the erased default cells at its end (libvterm keeps some that
    /// only its own attributes tell apart; they show as nothing).
    static func trimmed(_ cells: [Cell]) -> [Cell] {
        var end = cells.count
        while end > 0, cells[end - 1].isPlainBlank { end -= 1 }
        return end == cells.count ? cells : Array(cells[..<end])
    }

    /// `cells` cut or padded to the screen's width.
    private func fitted(_ cells: [Cell]) -> [Cell] {
        cells.count >= cols ? Array(cells.prefix(cols)) : cells + Array(repeating: .blank, count: cols - cells.count)
    }
}
