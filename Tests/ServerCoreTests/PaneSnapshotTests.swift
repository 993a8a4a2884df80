// PaneSnapshot and PaneState/PaneModes: the bytes rebuild history, screen, alternate screen,
// modes and cursor in a real emulator (libvterm through TerminalScreen).
import TerminalScreen
import Testing

@testable import ServerCore

@Suite struct PaneSnapshotTests {
    private func state(cols: Int = 10, rows: Int = 3, history: Int = 0) -> PaneState {
        var s = PaneState()
        (s.cols, s.rows, s.historySize) = (cols, rows, history)
        s.scrollBottom = rows - 1
        return s
    }

    @Test func historyGoesToScrollbackAndTheScreenIsExact() {
        var s = state(history: 5)
        (s.cursorX, s.cursorY) = (3, 1)
        let snap = PaneSnapshot.build(
            state: s, history: ["h1", "h2", "h3", "h4", "h5"], primary: [],
            screen: ["\u{1B}[1mone", "\u{1B}[0mtwo", ""])
        let screen = TerminalScreen(rows: 3, cols: 10)
        screen.feed(snap.bytes)
        #expect(screen.scrollbackCount == 5)
        #expect(
            (0..<5).map { TerminalScreen.text(of: screen.scrollbackLine($0)).trimmingCharacters(in: .whitespaces) } == [
                "h1", "h2", "h3", "h4", "h5",
            ])
        #expect(screen.text(row: 0).hasPrefix("one"))
        #expect(screen.cell(row: 0, col: 0).attrs.contains(.bold))
        #expect(!screen.cell(row: 1, col: 0).attrs.contains(.bold))
        #expect(screen.cursor.row == 1 && screen.cursor.col == 3)
    }

    /// tmux writes an SGR only where the style changes from the cell before, across row ends too.
    @Test func theStyleCarriesFromRowToRowAsTheCaptureWritesIt() {
        var s = state(rows: 3, history: 2)
        (s.cursorX, s.cursorY) = (0, 2)
        let history = ["\u{1B}[38;2;215;119;87m│ a", "│ b\u{1B}[0m"]
        let snap = PaneSnapshot.build(
            state: s, history: history, primary: [], screen: ["\u{1B}[44mblue", "still", "\u{1B}[49mplain"])
        let screen = TerminalScreen(rows: 3, cols: 10)
        screen.feed(snap.bytes)
        #expect(screen.scrollbackLine(1).first?.fg == .rgb(215, 119, 87))
        #expect(screen.scrollbackLine(1).count == 3, "the line feed painted nothing after the row")
        #expect(screen.cell(row: 1, col: 0).bg == .indexed(4))
        #expect(screen.cell(row: 2, col: 0).bg == .default)
    }

    @Test func lineDrawingAndOverlineAsTmux33aWritesThem() {
        let snap = PaneSnapshot.build(
            state: state(rows: 2), history: [], primary: [], screen: ["\u{0E}lqqk\u{1B}[49m\u{0F}z", "\u{1B}[5:3movl"])
        let screen = TerminalScreen(rows: 2, cols: 10)
        screen.feed(snap.bytes)
        #expect(screen.text(row: 0) == "┌──┐z")
        #expect(screen.cell(row: 1, col: 0).attrs == .overline)
        #expect(screen.modes.activeSet == 0, "no character set stays designated")
    }

    /// tmux writes SO/SI only where the set changes, across row ends too: a row that starts in
    /// the set the row before ended in carries no SO of its own (history and screen alike).
    @Test func lineDrawingCarriesOverARowEnd() {
        let snap = PaneSnapshot.build(
            state: state(cols: 12, rows: 3, history: 2), history: ["\u{0E}lqk", "x\u{0F}h"], primary: [],
            screen: ["\u{0E}lqk", "x\u{0F}ab\u{0E}x", "mqj\u{0F} after"])
        let screen = TerminalScreen(rows: 3, cols: 12)
        screen.feed(snap.bytes)
        #expect(screen.scrollbackCount == 2)
        #expect(screen.scrollbackLine(1).map(\.text).joined() == "│h")
        #expect(screen.text(row: 1) == "│ab│")
        #expect(screen.text(row: 2) == "└─┘ after")
    }

    @Test func fewerHistoryRowsThanScreenRowsLeaveNoBlankScrollback() {
        let snap = PaneSnapshot.build(state: state(rows: 5, history: 1), history: ["only"], primary: [], screen: ["a"])
        let screen = TerminalScreen(rows: 5, cols: 10)
        screen.feed(snap.bytes)
        #expect(screen.scrollbackCount == 1)
        #expect(screen.text(row: 0).hasPrefix("a"))
    }

    @Test func noHistoryMeansTheHistoryCaptureIsIgnored() {
        let snap = PaneSnapshot.build(state: state(), history: ["first visible row"], primary: [], screen: ["x"])
        let screen = TerminalScreen(rows: 3, cols: 10)
        screen.feed(snap.bytes)
        #expect(screen.scrollbackCount == 0)
        #expect(snap.historyRows == 0)
    }

    @Test func alternateScreenModesAndScrollRegionAreRestored() {
        var s = state(rows: 4)
        s.alternateOn = true
        (s.scrollTop, s.scrollBottom) = (1, 2)
        (s.mouseAll, s.mouseSGR, s.applicationCursor, s.cursorVisible) = (true, true, true, false)
        (s.cursorX, s.cursorY) = (2, 2)
        let snap = PaneSnapshot.build(
            state: s, history: [], primary: ["main"], screen: ["alt"], modes: PaneModes(bracketedPaste: true))
        let screen = TerminalScreen(rows: 4, cols: 10)
        screen.feed(snap.bytes)
        #expect(screen.isAltScreen)
        #expect(screen.text(row: 0).hasPrefix("alt"))
        #expect(screen.isBracketedPasteEnabled)
        #expect(screen.cursor.row == 2 && screen.cursor.col == 2 && !screen.cursor.visible)
        #expect(screen.encode(TerminalKey.up) == Array("\u{1B}OA".utf8))
        // The region is in force: a line feed at its bottom scrolls only rows 1–2.
        screen.feed("\u{1B}[3;1Hz\n")
        #expect(screen.text(row: 0).hasPrefix("alt"))
        // Leaving the alternate screen shows the primary one.
        screen.feed("\u{1B}[?1049l")
        #expect(screen.text(row: 0).hasPrefix("main"))
    }

    @Test func stateLineParses() throws {
        let line = "@4 80 24 120 5 6 1 0 4294967295 4294967295 0 23 0 1 0 1 0 0 0 0 1 0 0"
        let s = try #require(PaneState.parse(line))
        #expect(s.windowId == "@4" && s.cols == 80 && s.rows == 24 && s.historySize == 120)
        #expect(s.cursorX == 5 && s.cursorY == 6 && s.applicationCursor && s.mouseSGR && s.wrap)
        #expect(s.alternateSavedX == 0)
        #expect(PaneState.parse("garbage") == nil)
    }

    @Test func modesFollowTheOutput() {
        var modes = PaneModes()
        modes.scan(Array("x\u{1B}[?1004;2004hy".utf8))
        #expect(modes == PaneModes(bracketedPaste: true, focusEvents: true))
        modes.scan(Array("\u{1B}[?2004l".utf8))
        #expect(modes == PaneModes(bracketedPaste: false, focusEvents: true))
        modes.scan(Array("\u{1B}c".utf8))
        #expect(modes == PaneModes())
    }
}

@Suite struct PaneSnapshotLimitTests {
    @Test func anOversizedSnapshotDropsTheOldestHistoryFirst() {
        var s = PaneState()
        (s.cols, s.rows, s.historySize, s.scrollBottom) = (20, 2, 1000, 1)
        let history = (0..<1000).map { "history row \($0)" }
        let whole = PaneSnapshot.build(state: s, history: history, primary: [], screen: ["a", "b"])
        let cut = PaneSnapshot.build(state: s, history: history, primary: [], screen: ["a", "b"], limit: 5_000)
        #expect(whole.historyRows == 1000)
        #expect(cut.bytes.count <= 5_000 && cut.historyRows > 0 && cut.historyRows < 1000)
        let screen = TerminalScreen(rows: 2, cols: 20)
        screen.feed(cut.bytes)
        let newest = TerminalScreen.text(of: screen.scrollbackLine(screen.scrollbackCount - 1))
        #expect(newest.hasPrefix("history row 999"))
    }
}
