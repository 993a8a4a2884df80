// Which part of a pane larger than its tile the tile shows: the cursor and the newest output;
// with the cursor hidden, the last written rows (a program that hides its cursor may park it
// anywhere, a Claude session's prompt is at the bottom); moved where the user panned it, never
// past the pane's edges.
import ClientCore
import TUI
import TerminalScreen
import Testing

@Suite struct TileWindowTests {
    private func mirror(_ screen: TerminalScreen) -> TerminalScreenMirror {
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        return mirror
    }

    @Test func aHiddenCursorParkedBelowTheTextShowsTheLastWrittenRows() {
        let screen = TerminalScreen(rows: 40, cols: 100)
        screen.feed("\u{1B}[18;1H╭── Do you want to proceed? ──╮\r\n│ 1. Yes  2. No │\u{1B}[?25l\u{1B}[40;100H")
        let origin = mirror(screen).cropOrigin(height: 10, width: 40)
        #expect(origin.row == 18 - 10 + 1, "the tile ends at the prompt's last row (row 19, index 18)")
        #expect(origin.col == 0)
        screen.feed("\u{1B}[?25h")
        #expect(mirror(screen).cropOrigin(height: 10, width: 40).row == 30, "a shown cursor is followed")
    }

    @Test func aHiddenCursorAboveTheTextStillShowsTheNewestRows() {
        let screen = TerminalScreen(rows: 40, cols: 100)
        screen.feed("\u{1B}[30;1Hbottom line\u{1B}[?25l\u{1B}[1;1H")
        #expect(mirror(screen).cropOrigin(height: 10, width: 40).row == 20)
    }

    @Test func aPanMovesTheWindowAndStaysOnThePane() {
        let screen = TerminalScreen(rows: 40, cols: 100)
        screen.feed("\u{1B}[35;1Hx")
        let shown = mirror(screen)
        #expect(shown.cropOrigin(height: 10, width: 40).row == 25)
        #expect(shown.cropOrigin(height: 10, width: 40, pan: (-5, 10)) == (20, 10))
        #expect(shown.cropOrigin(height: 10, width: 40, pan: (-100, 0)).row == 0)
        #expect(shown.cropOrigin(height: 10, width: 40, pan: (100, 500)) == (30, 60))
    }
}
