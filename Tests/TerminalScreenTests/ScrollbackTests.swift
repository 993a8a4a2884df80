// Scrollback push, limit, pop on grow, resize to 1×1 and back, and search.

import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Scrollback and resize")
struct ScrollbackTests {
    @Test func linesPushedOffTheTopAreKeptOldestFirst() {
        let screen = makeScreen(rows: 2, cols: 5, "one\r\ntwo\r\nthree\r\nfour")
        #expect(lines(screen) == ["three", "four"])
        #expect(screen.scrollbackCount == 2)
        #expect(TerminalScreen.text(of: screen.scrollbackLine(0)) == "one")
        #expect(TerminalScreen.text(of: screen.scrollbackLine(1)) == "two")
        #expect(screen.scrollbackLine(2).isEmpty)
        #expect(screen.scrollbackLine(0).count == 3)
    }

    @Test func scrollbackKeepsAttributes() {
        let screen = makeScreen(rows: 2, cols: 5, "\(esc)[1;31mR\(esc)[m\r\nx\r\ny")
        #expect(screen.scrollbackLine(0) == [Cell(text: "R", attrs: [.bold], fg: .indexed(1))])
    }

    /// Every cell of a line that scrolls off is kept as the row showed it (text, width, attributes,
    /// colours), whatever mix of plain ASCII runs, style changes and other cells the line held.
    @Test(arguments: 0..<6 as Range<UInt64>)
    func scrolledOffLinesKeepEveryCellAsShown(seed: UInt64) {
        var rng = SeededGenerator(state: seed)
        let pieces = [
            "abc", "x", "  ", "\(esc)[1m", "\(esc)[0m", "\(esc)[31m", "\(esc)[38;5;200m", "\(esc)[48;2;1;2;3m",
            "\(esc)[4m", "\(esc)[7m", "漢", "é", "e\u{301}", "\u{1F600}", "~", "\(esc)[39;49m",
        ]
        // Two rows: each line is written on the bottom row, and the line feed after it pushes the
        // top row (the line before) into the scrollback.
        let screen = TerminalScreen(rows: 2, cols: 30)
        screen.feed("\r\n")
        for line in 0..<40 {
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &rng) { text += pieces.randomElement(using: &rng) ?? "" }
            screen.feed(text + "\(esc)[0m")
            let leaving = screen.row(0)
            let count = screen.scrollbackCount
            screen.feed("\r\n")
            #expect(screen.scrollbackCount == count + 1, "seed \(seed), line \(line): nothing was pushed")
            let kept = screen.scrollbackLine(screen.scrollbackCount - 1)
            #expect(kept == Array(leaving.prefix(kept.count)), "seed \(seed), line \(line)")
            #expect(
                leaving.dropFirst(kept.count).allSatisfy { $0.text.isEmpty || $0.text == " " },
                "seed \(seed), line \(line): a cell was lost: kept \(kept.map(\.text)), shown \(leaving.map(\.text))")
        }
    }

    @Test func scrollbackLimitDropsOldest() {
        let screen = makeScreen(rows: 2, cols: 4, "l0", scrollback: 3)
        for i in 1...6 { screen.feed("\r\nl\(i)") }
        #expect(screen.scrollbackCount == 3)
        #expect((0..<3).map { TerminalScreen.text(of: screen.scrollbackLine($0)) } == ["l2", "l3", "l4"])
        #expect(lines(screen) == ["l5", "l6"])
    }

    @Test func zeroLimitKeepsNothing() {
        let screen = makeScreen(rows: 2, cols: 4, "a\r\nb\r\nc", scrollback: 0)
        #expect(screen.scrollbackCount == 0)
        #expect(lines(screen) == ["b", "c"])
    }

    @Test func growingTallerPullsLinesBackFromScrollback() {
        let screen = makeScreen(rows: 2, cols: 5, "one\r\ntwo\r\nthree\r\nfour")
        screen.resize(rows: 4, cols: 5)
        #expect(screen.rows == 4)
        #expect(lines(screen) == ["one", "two", "three", "four"])
        #expect(screen.scrollbackCount == 0)
        #expect(screen.cursor.row == 3)
    }

    @Test func resizeToOneByOneAndBack() {
        let screen = makeScreen(rows: 3, cols: 6, "ab漢\r\ncd\r\nef")
        screen.resize(rows: 1, cols: 1)
        #expect(screen.rows == 1)
        #expect(screen.cols == 1)
        #expect(screen.cursor == CursorState(row: 0, col: 0, visible: true))
        #expect(screen.cell(row: 0, col: 0).width <= 1)
        screen.feed("xyz\r\n漢字")
        #expect(screen.row(0).count == 1)
        screen.resize(rows: 3, cols: 6)
        #expect(screen.rows == 3)
        #expect(screen.cols == 6)
        screen.feed("\(esc)[2J\(esc)[Hok 漢")
        #expect(screen.text(row: 0) == "ok 漢")
        #expect(screen.cell(row: 0, col: 3).width == 2)
        for line in 0..<screen.historyCount {
            #expect(screen.historyLine(line).count <= 6)
        }
    }

    @Test func searchFindsMatchesInScrollbackAndScreen() {
        let screen = makeScreen(rows: 2, cols: 10, "error one\r\nfine\r\nERROR 漢x\r\nerror")
        #expect(screen.scrollbackCount == 2)
        let matches = screen.search("error")
        #expect(
            matches == [
                SearchMatch(line: 0, column: 0, width: 5), SearchMatch(line: 2, column: 0, width: 5),
                SearchMatch(line: 3, column: 0, width: 5),
            ])
        #expect(screen.search("error", caseSensitive: true).map(\.line) == [0, 3])
        #expect(screen.search("漢x") == [SearchMatch(line: 2, column: 6, width: 3)])
        #expect(screen.search("missing").isEmpty)
        #expect(screen.search("").isEmpty)
    }

    @Test func searchResultsFollowNewOutput() {
        let screen = makeScreen(rows: 2, cols: 10, "one\r\n")
        #expect(screen.search("two").isEmpty)
        screen.feed("two")
        #expect(screen.search("two") == [SearchMatch(line: 1, column: 0, width: 3)])
        screen.resize(rows: 3, cols: 10)
        #expect(screen.search("two") == [SearchMatch(line: 1, column: 0, width: 3)])
        screen.reset(hard: true)
        #expect(screen.search("two").isEmpty)
    }

    @Test func searchFindsRepeatsOnOneLine() {
        let screen = makeScreen(rows: 1, cols: 10, "ab ab abab")
        #expect(screen.search("ab").map(\.column) == [0, 3, 6, 8])
    }
}
