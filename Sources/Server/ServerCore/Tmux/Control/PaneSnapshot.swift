// A picture of a pane as terminal bytes that, fed to a reset emulator of the pane's size, draw
// it: what a viewer gets (taken from the server's mirror of the pane, ScreenImage), and what a
// mirror is seeded with (`build`, from tmux's captures: its history as scrollback, its screen with
// attributes, the alternate screen and the modes tmux reports). A seed carries what captures
// carry: not the background an erase painted past a row's last character, the pen, the
// character sets, the cursor save or tab stops (docs/terminal.md).
//
// Layout of a seed: history rows printed from the top and scrolled off with line feeds at the
// bottom row (libvterm and xterm push full-screen scrolls into scrollback), the pen reset for
// each line feed (a scroll paints the new row with it) and set again to what the row before
// left; the primary screen row by row with absolute positioning; if the pane is in the
// alternate screen, the primary cursor, `?1049h`, then the alternate rows; then the scroll
// region, the modes and the cursor. Each capture starts from the default pen and each row from
// the one before (CapturePen, CaptureRow).

/// A pane's snapshot: its size and the bytes that draw it.
public struct PaneSnapshot: Sendable, Equatable {
    public var cols: Int
    public var rows: Int
    /// Rows of history included (they end up in the viewer's scrollback).
    public var historyRows: Int
    public var bytes: [UInt8]

    /// A snapshot.
    public init(cols: Int, rows: Int, historyRows: Int, bytes: [UInt8]) {
        self.cols = cols
        self.rows = rows
        self.historyRows = historyRows
        self.bytes = bytes
    }

    /// Builds the snapshot from one capture list: `state` (display-message), `history` (rows
    /// above the screen, oldest first; ignored when tmux has none), `primary` (the saved primary
    /// screen while the alternate screen is on) and `screen` (the visible rows). Over `limit`
    /// bytes, the oldest history rows are left out until it fits (or no history is left).
    public static func build(
        state: PaneState, history: [String], primary: [String], screen: [String], modes: PaneModes = PaneModes(),
        limit: Int = .max
    ) -> PaneSnapshot {
        var hist = state.historySize > 0 ? Array(history.suffix(state.historySize)) : []
        while true {
            let snapshot = build(state: state, hist: hist, primary: primary, screen: screen, modes: modes)
            if snapshot.bytes.count <= limit || hist.isEmpty { return snapshot }
            hist.removeFirst(max(hist.count / 2, 1))
        }
    }

    private static func build(
        state: PaneState, hist: [String], primary: [String], screen: [String], modes: PaneModes
    ) -> PaneSnapshot {
        var out = "\u{1B}c\u{1B}[?7h"
        let pen = CapturePen()
        var lineDrawing = false
        for (i, raw) in hist.enumerated() {
            let row = CaptureRow.fitted(raw, lineDrawing: &lineDrawing)
            if i > 0 { out += "\u{1B}[0m\r\n" + pen.sgr }
            out += row
            pen.read(row)
        }
        if !hist.isEmpty {
            out += "\u{1B}[0m\u{1B}[\(state.rows);1H" + String(repeating: "\n", count: min(hist.count, state.rows))
        }
        if state.alternateOn {
            out += rows(primary, count: state.rows)
            out += "\u{1B}[\(state.alternateSavedY + 1);\(state.alternateSavedX + 1)H\u{1B}[?1049h"
        }
        out += rows(screen, count: state.rows)
        out += modeBytes(state, modes: modes)
        return PaneSnapshot(cols: state.cols, rows: state.rows, historyRows: hist.count, bytes: Array(out.utf8))
    }

    /// One capture's rows, each from its own position; the pen carries from row to row as in
    /// the capture (a position does not change it).
    private static func rows(_ lines: [String], count: Int) -> String {
        var out = "\u{1B}[0m\u{1B}[2J"
        var lineDrawing = false
        for (i, row) in lines.prefix(count).enumerated() where !row.isEmpty {
            out += "\u{1B}[\(i + 1);1H" + CaptureRow.fitted(row, lineDrawing: &lineDrawing)
        }
        return out + "\u{1B}[0m"
    }

    private static func modeBytes(_ s: PaneState, modes: PaneModes) -> String {
        var out = ""
        if s.scrollTop != 0 || s.scrollBottom != s.rows - 1 {
            out += "\u{1B}[\(s.scrollTop + 1);\(s.scrollBottom + 1)r"
        }
        let flags: [(Bool, String)] = [
            (s.insert, "\u{1B}[4h"), (!s.wrap, "\u{1B}[?7l"), (s.applicationCursor, "\u{1B}[?1h"),
            (s.applicationKeypad, "\u{1B}="), (s.mouseStandard, "\u{1B}[?1000h"), (s.mouseButton, "\u{1B}[?1002h"),
            (s.mouseAll, "\u{1B}[?1003h"), (s.mouseUTF8, "\u{1B}[?1005h"), (s.mouseSGR, "\u{1B}[?1006h"),
            (modes.bracketedPaste, "\u{1B}[?2004h"), (modes.focusEvents, "\u{1B}[?1004h"),
            (!s.cursorVisible, "\u{1B}[?25l"),
        ]
        for (on, sequence) in flags where on { out += sequence }
        let row = s.origin ? s.cursorY - s.scrollTop : s.cursorY
        if s.origin { out += "\u{1B}[?6h" }
        return out + "\u{1B}[\(max(row, 0) + 1);\(s.cursorX + 1)H"
    }
}
