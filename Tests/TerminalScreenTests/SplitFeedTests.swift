// The screen must not depend on how the remote output was split into feeds (the network splits
// it anywhere). Each case is the minimal input of a Fuzz/crashes/terminal failure, fed whole and
// then split at every byte; the whole feed shows what tmux 3.3a shows.

import Testing

@testable import TerminalScreen

@Suite("Split feeds")
struct SplitFeedTests {
    /// A combining mark cut from a glyph in the last column: libvterm 0.1.4 printed it alone on
    /// the next row (`combining-mark-split-after-last-column`, `crash-c458c122`, `crash-945e2b19`).
    @Test(arguments: [
        (1, 3, "x e\u{301}", ["x", " ", "e\u{301}"]),
        (2, 5, "\u{FFFD}\u{FFFD}\u{FFFD}([3b\u{488}", ["\u{FFFD}", "\u{FFFD}", "\u{FFFD}", "(", "["]),
        (1, 3, "x漢\u{301}\u{302}", ["x", "漢\u{301}\u{302}", ""]),
        (1, 2, "aa\ra\u{301}", ["a\u{301}", "a"]),
        (1, 1, "abc\u{301}", ["c\u{301}"]),
        (2, 1, "ab\u{301}", ["a"]),
    ])
    func markAfterLastColumn(rows: Int, cols: Int, text: String, firstRow: [String]) {
        let whole = makeScreen(rows: rows, cols: cols, text)
        #expect((0..<cols).map { whole.cell(row: 0, col: $0).text } == firstRow)
        expectSameScreenForEverySplit(Array(text.utf8), rows: rows, cols: cols)
    }

    /// After the mark the cursor still waits to wrap on the cell, as in tmux: the next glyph goes
    /// to the next row.
    @Test func markKeepsPendingWrap() {
        let screen = makeScreen(rows: 2, cols: 3, "x e")
        screen.feed("\u{301}")
        #expect(screen.cursor.row == 0 && screen.cursor.col == 2)
        screen.feed("z")
        #expect(lines(screen) == ["x e\u{301}", "z"])
    }

    /// A mark split from a glyph that is not in the last column is joined by libvterm itself; REP
    /// repeats the glyph with the mark.
    @Test func markSplitInsideTheRowRepeatsWithREP() {
        let screen = makeScreen(rows: 1, cols: 6, "e")
        screen.feed("\u{301}\(esc)[2b")
        #expect((0..<3).map { screen.cell(row: 0, col: $0).text } == ["e\u{301}", "e\u{301}", "e\u{301}"])
    }

    /// An SGR passed on unchanged (`CSI m`) had not reached libvterm when the next SGR read its pen
    /// font, so the dim of `CSI 2;1m` was lost when all came in one feed (`crash-1b7e952e`,
    /// `crash-fc82fd44`). tmux shows `r` bold and dim.
    @Test func sgrAfterUnchangedSGRKeepsDim() {
        let text = "\(esc)[2m\(esc)[m\(esc)[2;1mr"
        let screen = makeScreen(rows: 1, cols: 4, text)
        #expect(screen.cell(row: 0, col: 0).attrs == [.bold, .dim])
        expectSameScreenForEverySplit(Array(text.utf8), rows: 1, cols: 4)
    }

    private func expectSameScreenForEverySplit(_ bytes: [UInt8], rows: Int, cols: Int) {
        let whole = TerminalScreen(rows: rows, cols: cols)
        whole.feed(bytes)
        for split in 0...bytes.count {
            let pieces = TerminalScreen(rows: rows, cols: cols)
            pieces.feed(bytes[..<split])
            pieces.feed(bytes[split...])
            let same = whole.cursor == pieces.cursor && (0..<rows).allSatisfy { whole.row($0) == pieces.row($0) }
            #expect(same, "split at \(split) of \(printable(bytes)): \(lines(pieces)) \(pieces.cursor)")
        }
    }
}
