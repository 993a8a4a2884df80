// What a screen shows after a feed — every cell, its rows as text, the cursor and the title —
// for tests that feed input which once hung or crashed libvterm: the feed runs on a thread of its
// own with a deadline (`Deadline`), so a regression fails the test instead of hanging the suite.

@testable import TerminalScreen

/// A screen's visible state after a feed.
struct FedScreen: Sendable, Equatable {
    var cells: [[Cell]]
    var lines: [String]
    var row: Int
    var col: Int
    var title: String

    /// Feeds `pieces` in order to a new `rows` × `cols` screen; nil if the feed did not return.
    static func feed(rows: Int, cols: Int, _ pieces: [[UInt8]]) -> FedScreen? {
        Deadline.run {
            let screen = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 20)
            for piece in pieces { screen.feed(piece) }
            let cells = (0..<rows).map { row in (0..<cols).map { screen.cell(row: row, col: $0) } }
            return FedScreen(
                cells: cells, lines: TerminalScreenTests.lines(screen), row: screen.cursor.row,
                col: screen.cursor.col, title: screen.title)
        }
    }
}
