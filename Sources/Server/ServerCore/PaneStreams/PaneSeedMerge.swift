// A seed from tmux's captures, completed from an earlier image of the same pane: the mirror's own
// (when a pause, a layout change or a control-client restart made it start over at the same size)
// or the one it left on disk (a restart of claudepm-server). Captures are the authority for what
// they carry; the earlier image adds what they cannot: the background an erase painted past a
// row's last written character, and, when nothing on the screen changed, the pen, the character
// sets, the cursor save, the title and the modes tmux does not report.
//
// A row of the earlier image is kept when it agrees with the captured row: every cell the capture
// wrote is the same (text, width, attributes, colours; an erased cell and a space read alike),
// and where the capture wrote nothing the earlier cell holds no text either (its background is
// what the capture could not see). Any other row is taken from the capture. A background changed
// by an erase alone, while the server did not see the pane, is therefore not noticed.
import TerminalScreen

/// Merging a captured image with an earlier one.
enum PaneSeedMerge {
    /// `captured` completed from `earlier` (same size; otherwise `captured` as it is).
    static func merge(captured: ScreenImage, earlier: ScreenImage) -> ScreenImage {
        guard captured.rows == earlier.rows, captured.cols == earlier.cols else { return captured }
        var merged = captured
        var unchanged = true
        merged.screen = rows(captured.screen, earlier.screen, unchanged: &unchanged)
        switch (captured.primary, earlier.primary) {
        case (let c?, let e?): merged.primary = rows(c, e, unchanged: &unchanged)
        case (nil, nil): break
        default: unchanged = false
        }
        merged.scrollback = scrollback(captured.scrollback, earlier.scrollback)
        guard unchanged else { return merged }
        // Nothing on the screen changed: what tmux does not report is as the earlier image had it.
        merged.pen = earlier.pen
        merged.saved = earlier.saved
        merged.title = earlier.title
        merged.iconName = earlier.iconName
        merged.cursorBlink = earlier.cursorBlink
        merged.cursorShape = earlier.cursorShape
        merged.pendingWrap = earlier.pendingWrap && earlier.cursor == captured.cursor
        merged.modes.g0 = earlier.modes.g0
        merged.modes.g1 = earlier.modes.g1
        merged.modes.g2 = earlier.modes.g2
        merged.modes.g3 = earlier.modes.g3
        merged.modes.gl = earlier.modes.gl
        merged.modes.focusReports = merged.modes.focusReports || earlier.modes.focusReports
        merged.modes.reverseVideo = earlier.modes.reverseVideo
        return merged
    }

    private static func rows(_ captured: [[Cell]], _ earlier: [[Cell]], unchanged: inout Bool) -> [[Cell]] {
        zip(captured, earlier).map { c, e in
            if agrees(captured: c, earlier: e) { return e }
            unchanged = false
            return c
        }
    }

    /// The earlier scrollback when its newest lines agree with every captured history line
    /// (as many as tmux holds), else the captured one.
    private static func scrollback(_ captured: [[Cell]], _ earlier: [[Cell]]) -> [[Cell]] {
        guard !captured.isEmpty, earlier.count >= captured.count else { return captured }
        let tail = earlier.suffix(captured.count)
        return zip(captured, tail).allSatisfy { agrees(captured: $0, earlier: $1) } ? Array(tail) : captured
    }

    /// Whether `earlier` is the row tmux holds where `captured` shows it (see the file's header).
    static func agrees(captured: [Cell], earlier: [Cell]) -> Bool {
        for index in 0..<max(captured.count, earlier.count) {
            let c = index < captured.count ? captured[index] : .blank
            let e = index < earlier.count ? earlier[index] : .blank
            guard agrees(captured: c, earlier: e) else { return false }
        }
        return true
    }

    private static func agrees(captured c: Cell, earlier e: Cell) -> Bool {
        if c.isContinuation || e.isContinuation { return c.isContinuation == e.isContinuation }
        let blank = c.text.isEmpty || c.text == " "
        guard blank else { return c == e }
        guard e.text.isEmpty || e.text == " " else { return false }
        let written = c.bg != .default || !c.attrs.isEmpty
        return !written || (c.bg == e.bg && c.attrs == e.attrs)
    }
}
