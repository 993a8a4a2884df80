// The end of a snapshot: the state that changes how later bytes draw, set once every cell is in
// place. The order matters: the titles and the cursor save first (the save keeps the position and
// pen set for it); the scroll region and origin mode (both home the cursor); the cursor; the
// character sets and modes; then the last cell printed again where the next bytes depend on it
// (the cursor waits to wrap after it, or a combining mark may still join it), since libvterm
// keeps that state only while nothing that moves the cursor comes after the cell; insert mode
// and the pen last, which leave it.

extension ImageWriter {
    mutating func cursorState(_ image: ScreenImage) {
        titles(image)
        save(image.saved)
        let modes = image.modes
        if modes.hasScrollRegion {
            raw("\u{1B}[\(modes.scrollTop.map(String.init) ?? "");\(modes.scrollBottom.map(String.init) ?? "")r")
        }
        if modes.origin { raw("\u{1B}[?6h") }
        if modes.autowrap { raw("\u{1B}[?7h") }
        place(image, row: image.cursor.row, col: image.cursor.col)
        charsets(modes)
        flags(modes, image: image)
        if let cell = lastCell(image) { reprint(cell, image) }
        if modes.insert { raw("\u{1B}[4h") }
        style(image.pen)
    }

    private mutating func titles(_ image: ScreenImage) {
        if !image.title.isEmpty { raw("\u{1B}]2;\(Self.printable(image.title))\u{07}") }
        if !image.iconName.isEmpty { raw("\u{1B}]1;\(Self.printable(image.iconName))\u{07}") }
    }

    /// A title without the controls that would end or break its OSC.
    private static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }))
    }

    /// The last cursor save, made again: its position, pen and cursor look, then DECSC.
    private mutating func save(_ saved: SavedCursor) {
        move(row: saved.row, col: saved.col)
        style(saved.pen)
        cursorLook(visible: saved.visible, blink: saved.blink, shape: saved.shape)
        raw("\u{1B}7")
    }

    /// The cursor to zero-based `row`, `col` of the screen, relative to the scroll region's top
    /// while origin mode is on. (Only a restore puts the cursor outside the region then; such a
    /// cursor goes to the region's nearest row, since no position sequence reaches past it.)
    private mutating func place(_ image: ScreenImage, row: Int, col: Int) {
        guard image.modes.origin, image.modes.hasScrollRegion else { return move(row: row, col: col) }
        let top = min(max((image.modes.scrollTop ?? 1) - 1, 0), image.rows - 1)
        let bottom = min(max((image.modes.scrollBottom ?? image.rows) - 1, top), image.rows - 1)
        move(row: min(max(row, top), bottom) - top, col: col)
    }

    /// The cell to print again last: the one the cursor waits to wrap after, or the one a joining
    /// scalar in the next bytes would join (only when printing it can be the last thing written:
    /// in the pen, in ASCII, outside insert mode).
    private func lastCell(_ image: ScreenImage) -> CellPosition? {
        let row = image.cursor.row
        if image.pendingWrap, image.modes.autowrap {
            var col = image.cursor.col
            if col > 0, image.screen[row][col].isContinuation { col -= 1 }
            return CellPosition(row: row, col: col)
        }
        guard let cell = image.joinableCell, cell.row < image.rows, cell.col < image.cols else { return nil }
        let content = image.screen[cell.row][cell.col]
        let style = CellStyle(attrs: content.attrs, fg: content.fg, bg: content.bg)
        guard style == image.pen, !image.modes.insert, Self.printsItself(image.modes.activeSet) else { return nil }
        return cell
    }

    /// Prints the cell at `position` again, in its style and as itself (with G0 in GL, US-ASCII
    /// for as long as it takes, when the set in GL translates), as the last text written.
    private mutating func reprint(_ position: CellPosition, _ image: ScreenImage) {
        let cell = image.screen[position.row][position.col]
        guard !cell.text.isEmpty else { return }
        place(image, row: position.row, col: position.col)
        let modes = image.modes
        let translates = !Self.printsItself(modes.activeSet)
        let ascii = translates && !Self.printsItself(modes.g0)
        if translates, modes.gl != 0 { bytes.append(0x0F) }
        if ascii { raw("\u{1B}(B") }
        style(CellStyle(attrs: cell.attrs, fg: cell.fg, bg: cell.bg))
        raw(cell.text)
        if ascii { bytes += [0x1B, UInt8(ascii: "("), modes.g0] }
        if translates, modes.gl != 0 { shift(modes.gl) }
    }

    /// Whether text printed in `set` shows as itself (a reset's UTF-8, or US-ASCII).
    private static func printsItself(_ set: UInt8) -> Bool { set == 0 || set == UInt8(ascii: "B") }

    /// The designations (those a reset did not leave) and the set in GL.
    private mutating func charsets(_ modes: ScreenModes) {
        for (intermediate, set) in zip("()*+".utf8, [modes.g0, modes.g1, modes.g2, modes.g3]) where set != 0 {
            bytes += [0x1B, intermediate, set]
        }
        shift(modes.gl)
    }

    /// SO, LS2 or LS3 for the set in GL (G0 needs nothing after a reset).
    private mutating func shift(_ gl: Int) {
        switch gl {
        case 1: bytes.append(0x0E)
        case 2: raw("\u{1B}n")
        case 3: raw("\u{1B}o")
        default: break
        }
    }

    private mutating func flags(_ modes: ScreenModes, image: ScreenImage) {
        let set: [(Bool, String)] = [
            (modes.applicationCursor, "\u{1B}[?1h"), (modes.applicationKeypad, "\u{1B}="),
            (modes.reverseVideo, "\u{1B}[?5h"), (modes.mouse == .click, "\u{1B}[?1000h"),
            (modes.mouse == .drag, "\u{1B}[?1002h"), (modes.mouse == .move, "\u{1B}[?1003h"),
            (modes.mouseEncoding != 0, "\u{1B}[?\(modes.mouseEncoding)h"), (modes.bracketedPaste, "\u{1B}[?2004h"),
            (modes.focusReports, "\u{1B}[?1004h"),
        ]
        for (on, sequence) in set where on { raw(sequence) }
        cursorLook(visible: image.cursor.visible, blink: image.cursorBlink, shape: image.cursorShape)
    }

    /// The cursor's shape, blink (DECSCUSR sets both) and visibility, each only where it differs
    /// from what the bytes so far set.
    mutating func cursorLook(visible: Bool, blink: Bool, shape: Int) {
        if blink != look.blink || shape != look.shape {
            raw("\u{1B}[\(2 * min(max(shape, 1), 3) - (blink ? 1 : 0)) q")
        }
        if visible != look.visible { raw(visible ? "\u{1B}[?25h" : "\u{1B}[?25l") }
        look = CursorLook(visible: visible, blink: blink, shape: shape)
    }
}
