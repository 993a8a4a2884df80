// TerminalScreen's partial reads: a span of a row and the blank-row test.

import Testing

@testable import TerminalScreen

@Suite struct SpanReadTests {
    @Test func aSpanHoldsTheSameCellsAsTheRow() {
        let screen = TerminalScreen(rows: 3, cols: 30)
        screen.feed("\u{1B}[2;3H\u{1B}[1;38;5;202mhot\u{1B}[0m 漢字 \u{1B}[48;2;1;2;3mbg\u{1B}[0m")
        let row = screen.row(1)
        var seen: [Int] = []
        screen.forEachCell(row: 1, columns: 2..<12) { col, cell in
            seen.append(col)
            #expect(cell == row[col], "column \(col)")
        }
        #expect(seen == Array(2..<12))
    }

    @Test func spansAreClampedToTheScreen() {
        let screen = TerminalScreen(rows: 2, cols: 5)
        var seen: [Int] = []
        screen.forEachCell(row: 0, columns: -3..<9) { col, _ in seen.append(col) }
        #expect(seen == Array(0..<5))
        screen.forEachCell(row: 2, columns: 0..<5) { col, _ in seen.append(col) }
        #expect(seen.count == 5)
    }

    @Test func blankRowsAreTheRowsWithNothingButSpaces() {
        let screen = TerminalScreen(rows: 5, cols: 20)
        screen.feed("\u{1B}[1;1Hx\u{1B}[2;1H\u{1B}[41m\u{1B}[K\u{1B}[0m\u{1B}[3;1H     \u{1B}[4;19H字")
        #expect(!screen.isBlank(row: 0))
        #expect(screen.isBlank(row: 1), "erased cells with a background colour")
        #expect(screen.isBlank(row: 2), "explicit spaces")
        #expect(!screen.isBlank(row: 3))
        #expect(screen.isBlank(row: 4))
        #expect(screen.isBlank(row: 9))
        for r in 0..<5 {
            let expected = screen.row(r).allSatisfy { $0.isContinuation || $0.text.isEmpty || $0.text == " " }
            #expect(screen.isBlank(row: r) == expected, "row \(r)")
        }
    }
}
