// Plain text, wrapping, CR/LF, cursor movement and erasing on tiny screens.

import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Text and cursor", .ownThread)
struct ScreenTextTests {
    @Test func plainTextLandsInCells() {
        let screen = makeScreen(rows: 2, cols: 5, "abc")
        #expect(screen.cell(row: 0, col: 0) == Cell(text: "a"))
        #expect(screen.cell(row: 0, col: 2).text == "c")
        #expect(screen.cell(row: 0, col: 3) == .blank)
        #expect(screen.cursor == CursorState(row: 0, col: 3, visible: true))
        #expect(lines(screen) == ["abc", ""])
    }

    @Test func longLineWrapsToNextRow() {
        let screen = makeScreen(rows: 2, cols: 5, "abcdefg")
        #expect(lines(screen) == ["abcde", "fg"])
        #expect(screen.cursor.row == 1)
        #expect(screen.cursor.col == 2)
    }

    @Test func carriageReturnAndLineFeed() {
        let screen = makeScreen(rows: 3, cols: 5, "abc\r\nde\rX")
        #expect(lines(screen) == ["abc", "Xe", ""])
        #expect(screen.cursor == CursorState(row: 1, col: 1, visible: true))
    }

    @Test func bareLineFeedKeepsColumn() {
        let screen = makeScreen(rows: 2, cols: 5, "ab\ncd")
        #expect(lines(screen) == ["ab", "  cd"])
    }

    @Test func cursorPositionAndRelativeMoves() {
        let screen = makeScreen(rows: 3, cols: 10, "\(esc)[2;5HX\(esc)[AY\(esc)[3GZ")
        #expect(screen.cell(row: 1, col: 4).text == "X")
        #expect(screen.cell(row: 0, col: 5).text == "Y")
        #expect(screen.cell(row: 0, col: 2).text == "Z")
        screen.feed("\(esc)[10;20H")
        #expect(screen.cursor.row == 2)
        #expect(screen.cursor.col == 9)
    }

    @Test func eraseInLineAndDisplay() {
        let screen = makeScreen(rows: 3, cols: 5, "abcde\r\nfghij\r\nklmno")
        screen.feed("\(esc)[2;3H\(esc)[K")
        #expect(lines(screen) == ["abcde", "fg", "klmno"])
        screen.feed("\(esc)[1K")
        #expect(lines(screen) == ["abcde", "", "klmno"])
        screen.feed("\(esc)[2J")
        #expect(lines(screen) == ["", "", ""])
    }

    @Test func cursorVisibilityFollowsDECTCEM() {
        let screen = makeScreen(rows: 2, cols: 5, "\(esc)[?25l")
        #expect(screen.cursor.visible == false)
        screen.feed("\(esc)[?25h")
        #expect(screen.cursor.visible)
    }

    @Test func sizesAreClampedToAtLeastOne() {
        let screen = TerminalScreen(rows: 0, cols: -3)
        #expect(screen.rows == 1)
        #expect(screen.cols == 1)
        screen.feed("xyz")
        #expect(screen.cell(row: 0, col: 0).text == "z")
        #expect(screen.cell(row: 5, col: 5) == .blank)
        #expect(screen.row(7).isEmpty)
    }

    @Test func feedAcceptsBytesArraysAndSlices() {
        let screen = TerminalScreen(rows: 1, cols: 10)
        let bytes: [UInt8] = Array("hello".utf8)
        screen.feed(bytes[0..<2])
        screen.feed(bytes[2...])
        screen.feed(Array(" 漢".utf8).lazy.map { $0 })
        #expect(screen.text(row: 0) == "hello 漢")
    }

    @Test func hugeSingleFeedDoesNotOverflowTheStack() {
        let screen = TerminalScreen(rows: 3, cols: 10)
        var data = [UInt8](repeating: UInt8(ascii: "a"), count: 2 << 20)
        data += Array("\r\n漢字 end".utf8)
        screen.feed(data)
        #expect(screen.text(row: 2) == "漢字 end")
        #expect(screen.text(row: 1) == "aa")
    }

    @Test func utf8SplitAcrossFeedsIsJoined() {
        let screen = TerminalScreen(rows: 1, cols: 5)
        let bytes = Array("é".utf8)
        screen.feed([bytes[0]])
        screen.feed([bytes[1]])
        #expect(screen.cell(row: 0, col: 0).text == "é")
    }
}
