// The screen rows of one TerminalScreen as capture text (CaptureText), kept between reads. A read
// takes the screen's damage and converts only the rows it reports changed; rows a whole-screen
// scroll moved up are moved, not read again. The waiting detector reads a busy pane's screen after
// each quiet moment (OutputTicker), and a Claude session at work changes one row of forty (its
// spinner).
//
// Not Sendable: it lives in a PaneMirror, under PaneStreams' lock. It must be the only reader of
// its screen's damage.
import TerminalScreen

/// A screen's rows as capture text, converted again only where damaged.
struct ScreenRowText {
    private var screen: TerminalScreen?
    private var rows: [String] = []
    /// Rows converted since this was made (tests and measurements).
    private(set) var rowsConverted = 0

    /// Every screen row of `screen` as capture text, the same as `CaptureText.line(screen, row:)`
    /// of each row now.
    mutating func lines(of screen: TerminalScreen) -> [String] {
        let damage = screen.takeDamage()
        guard screen === self.screen, rows.count == screen.rows, !damage.isFullRedraw else {
            self.screen = screen
            rows = (0..<screen.rows).map { CaptureText.line(screen, row: $0) }
            rowsConverted += rows.count
            return rows
        }
        let shift = damage.shift
        if shift > 0, shift < rows.count { rows = Array(rows[shift...] + rows[..<shift]) }
        for row in shift > 0 ? damage.rowsBeyondShift : damage.rows where row < rows.count {
            rows[row] = CaptureText.line(screen, row: row)
            rowsConverted += 1
        }
        return rows
    }
}
