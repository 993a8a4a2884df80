// The screen must not depend on how the remote output was split into feeds (the network splits
// it anywhere). Each case is the minimal input of a Fuzz/crashes/terminal failure, fed whole and
// then split at every byte; the whole feed shows what tmux 3.3a shows.

import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Split feeds", .ownThread)
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

    /// A joining scalar that starts a feed re-forms the previous feed's last cell as one feed forms
    /// it, as tmux 3.3a shows the whole bytes: marks libvterm 0.1.4 does not know (U+0487, U+07FD,
    /// U+0619, U+D7D8; `crash-007e5d7b`, `crash-06a34db4`, `crash-4a63bdcd`, `crash-54ff2ba6`,
    /// `crash-909ce06a`, `crash-03342714` and the other U+0487 inputs of the same run), ZWJ and
    /// VS16, more marks than libvterm keeps, at the end of the row and in insert mode.
    @Test(arguments: [
        (3, 5, "ϛ\u{7FD}", ["ϛ\u{7FD}", "", "", "", ""]),
        (1, 3, "3\u{487}", ["3\u{487}", "", ""]),
        (2, 1, "ɛ\u{487}", ["ɛ\u{487}"]),
        (1, 3, "m\u{619}", ["m\u{619}", "", ""]),
        (1, 3, "Ƣ\u{D7D8}x", ["Ƣ\u{D7D8}", "x", ""]),
        (1, 4, "x漢\u{D7D8}\u{D7D8}", ["x", "漢\u{D7D8}\u{D7D8}", "", ""]),
        (1, 2, "ab\u{487}", ["a", "b\u{487}"]),
        (1, 2, "漢\u{D7D8}", ["漢\u{D7D8}", ""]),
        (1, 4, "🧑\u{200D}🤝x", ["🧑\u{200D}🤝", "", "x", ""]),
        (1, 3, "x\u{200D}", ["x", "", ""]),
        (1, 3, "❤\u{FE0F}y", ["❤\u{FE0F}", "y", ""]),
        (1, 3, "e\u{301}\u{302}\u{303}\u{304}\u{306}\u{307}", ["e\u{301}\u{302}\u{303}\u{304}\u{306}\u{307}", "", ""]),
        (1, 5, "abc\r\(esc)[4hx\u{487}", ["x\u{487}", "a", "b", "c", ""]),
        (1, 5, "abc\r\(esc)[4hx\u{301}", ["x\u{301}", "a", "b", "c", ""]),
    ])
    func joiningScalarReformsTheLastCell(rows: Int, cols: Int, text: String, firstRow: [String]) {
        let whole = makeScreen(rows: rows, cols: cols, text)
        #expect((0..<cols).map { whole.cell(row: 0, col: $0).text } == firstRow)
        expectSameScreenForEverySplit(Array(text.utf8), rows: rows, cols: cols)
    }

    /// NUL or DEL between the ESC and the `\\` of a string's ST made libvterm 0.1.4 read far past
    /// the buffer (`crash-ac30bd03`, `crash-96a3aa7e`, `crash-276387aa`: ASan, then a segfault).
    @Test(arguments: ["\(esc)P\(esc)\u{0}\\x", "\(esc)]\(esc)\u{0}\\x", "\(esc)]2;t\(esc)\u{7F}\u{0}\\x"])
    func nulInsideStringTerminatorIsDropped(text: String) {
        let screen = makeScreen(rows: 1, cols: 3, text)
        #expect(screen.cell(row: 0, col: 0).text == "x")
        expectSameScreenForEverySplit(Array(text.utf8), rows: 1, cols: 3)
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
