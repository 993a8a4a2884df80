// PackedLine, the stored form of a scrollback line: every cell comes back exactly as packed, and a
// plain line costs about two bytes a cell.

import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Packed scrollback lines")
struct PackedLineTests {
    @Test func everyKindOfCellComesBackUnchanged() {
        let cells: [Cell] = [
            Cell(text: "a"),
            Cell(text: "b", attrs: [.bold, .underline, .curlyUnderline], fg: .indexed(196)),
            Cell(text: "c", attrs: [.overline, .dim, .conceal], fg: .rgb(1, 2, 3), bg: .rgb(250, 128, 0)),
            Cell(text: "漢", width: 2, fg: .rgb(1, 2, 3), bg: .rgb(250, 128, 0)),
            Cell(text: "", width: 0, fg: .rgb(1, 2, 3), bg: .rgb(250, 128, 0)),
            Cell(text: "e\u{301}\u{302}", bg: .indexed(4)),
            Cell(text: "👩‍👩‍👧‍👦", width: 2),
            Cell(text: "", width: 0),
            Cell(text: "", bg: .indexed(0)),
            Cell(text: ""),
            Cell(text: "z", attrs: [.reverse, .strike, .blink, .italic, .dashedUnderline, .dottedUnderline]),
        ]
        #expect(PackedLine(cells).cells == cells)
    }

    @Test func aClusterLongerThanTheShortLengthFieldComesBack() {
        let long = "a" + String(repeating: "\u{301}", count: 40)
        let cells = [Cell(text: long), Cell(text: "x", fg: .indexed(2)), Cell(text: long, bg: .rgb(9, 9, 9))]
        let packed = PackedLine(cells)
        #expect(packed.cells == cells)
        #expect(packed.cells[0].text.utf8.count == 81)
    }

    /// A run of ASCII cells is packed while each cell's raw attributes and colours equal the
    /// first's, compared four bytes each: libvterm's must be four bytes, or a difference could hide.
    @Test func libvtermStylesAreComparedWhole() {
        #expect(CellStyleMemo.stylesAreWords)
    }

    @Test func anEmptyLinePacksToNothing() {
        #expect(PackedLine([]).cells.isEmpty)
        #expect(PackedLine([]).byteCount == 0)
    }

    @Test func aPlainLineCostsTwoBytesACellAndAStyleIsWrittenOnlyWhereItChanges() {
        let plain = (0..<120).map { Cell(text: String(UnicodeScalar(UInt8(33 + $0 % 90)))) }
        #expect(PackedLine(plain).byteCount == 240)
        // One run of 60 red cells, then 60 default ones: two style changes of 10 bytes each.
        let twoRuns = plain.enumerated().map { index, cell in
            index < 60 ? Cell(text: cell.text, fg: .indexed(1)) : cell
        }
        #expect(PackedLine(twoRuns).byteCount == 240 + 2 * 10)
        #expect(PackedLine(twoRuns).cells == twoRuns)
    }

    @Test func aFullScrollbackReadsBackThroughTheScreen() {
        var text = ""
        for index in 0..<300 { text += "\u{1B}[3\(index % 8)mline \(index) 漢字\u{1B}[m\r\n" }
        let screen = makeScreen(rows: 5, cols: 20, text, scrollback: 1000)
        #expect(screen.scrollbackCount == 296)
        #expect(TerminalScreen.text(of: screen.scrollbackLine(0)) == "line 0 漢字")
        #expect(TerminalScreen.text(of: screen.scrollbackLine(295)) == "line 295 漢字")
        #expect(screen.scrollbackLine(7).first?.fg == .indexed(7))
        #expect(screen.scrollbackLine(7)[7].text == "漢")
        #expect(screen.scrollbackLine(7)[7].width == 2)
        #expect(screen.scrollbackLine(7)[8].isContinuation)
    }
}

@Suite("Scrolled-off lines")
struct ScrolledOffLineTests {
    private static let pieces = [
        "abc", "Z", " ", "  x", "\u{1B}[31m", "\u{1B}[1;4m", "\u{1B}[38;2;1;2;3m", "\u{1B}[48;5;200m", "\u{1B}[m",
        "\u{1B}[7m", "\u{1B}[9m", "\u{1B}[2m", "\u{1B}[53m", "\u{1B}[4:3m", "漢", "é", "e\u{301}", "🙂", "\u{1B}[K",
        "\u{1B}[44m\u{1B}[K", "\u{1B}[3C", "~", "\t",
    ]

    /// Each row, as the screen shows it before it scrolls off, comes back from the scrollback.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aLineComesBackAsTheScreenShowedIt(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let screen = makeScreen(rows: 2, cols: 24, scrollback: 500)
        for _ in 0..<60 {
            let line = (0..<Int.random(in: 0...9, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator) ?? ""
            }.joined()
            screen.feed("\u{1B}[m\u{1B}[2J\u{1B}[H" + line)
            var shown = screen.row(0)
            while shown.last == .blank { shown.removeLast() }
            screen.feed("\u{1B}[2;1H\r\n")
            #expect(screen.scrollbackLine(screen.scrollbackCount - 1) == shown, "\(line.debugDescription)")
        }
    }
}
