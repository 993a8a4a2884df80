// State libvterm 0.1.4 keeps but cannot be asked for, read at the moment it is made: the cursor a
// save keeps (DECSC, 1048, 1049: position, pen, cursor visibility, blink and shape), and
// the primary screen's rows when the alternate screen is entered (libvterm keeps them in a second
// buffer it has no call to read). The input guard reports both moments (InputGuard.StateHooks).

import CVTerm

extension TerminalScreen {
    /// The pen libvterm prints with now: attributes (with the extras in its font number) and
    /// colours.
    public var pen: CellStyle {
        var value = VTermValue()
        func flag(_ attr: VTermAttr) -> Bool {
            vterm_state_get_penattr(vtState, attr, &value)
            return value.boolean != 0
        }
        var attrs: CellAttributes = []
        if flag(VTERM_ATTR_BOLD) { attrs.insert(.bold) }
        if flag(VTERM_ATTR_ITALIC) { attrs.insert(.italic) }
        if flag(VTERM_ATTR_BLINK) { attrs.insert(.blink) }
        if flag(VTERM_ATTR_REVERSE) { attrs.insert(.reverse) }
        if flag(VTERM_ATTR_STRIKE) { attrs.insert(.strike) }
        vterm_state_get_penattr(vtState, VTERM_ATTR_UNDERLINE, &value)
        let underline = UInt32(max(value.number, 0))
        if underline != 0 { attrs.insert(.underline) }
        if underline == 2 { attrs.insert(.doubleUnderline) }
        if underline == 3 { attrs.insert(.curlyUnderline) }
        attrs.formUnion(PenExtras(font: Self.penFont(vtState)).attributes(vtermUnderline: underline))
        vterm_state_get_penattr(vtState, VTERM_ATTR_FOREGROUND, &value)
        let fg = CellConversion.color(value.color, defaultFlag: VTERM_COLOR_DEFAULT_FG.rawValue)
        vterm_state_get_penattr(vtState, VTERM_ATTR_BACKGROUND, &value)
        let bg = CellConversion.color(value.color, defaultFlag: VTERM_COLOR_DEFAULT_BG.rawValue)
        return CellStyle(attrs: attrs, fg: fg, bg: bg)
    }

    /// The cursor save libvterm just made.
    func noteCursorSaved() {
        var pos = VTermPos()
        vterm_state_get_cursorpos(vtState, &pos)
        savedCursor = SavedCursor()
        savedCursor.row = Int(pos.row)
        savedCursor.col = Int(pos.col)
        savedCursor.pen = pen
        savedCursor.visible = sink.cursorVisible
        savedCursor.blink = sink.cursorBlink
        savedCursor.shape = sink.cursorShape
    }

    /// The primary screen, read before libvterm switches to the alternate one (a switch while
    /// already there keeps the copy made on the way in).
    func keepPrimaryScreen() {
        guard !sink.isAltScreen else { return }
        primaryRows = (0..<rows).map { row($0) }
    }
}
