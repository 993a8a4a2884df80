// CJK, emoji, combining marks, continuation cells and the shared width rule.

import Testing

@testable import TerminalScreen

@Suite("Wide and combining characters")
struct WideCharTests {
    @Test func cjkTakesTwoCellsWithContinuation() {
        let screen = makeScreen(rows: 1, cols: 6, "漢字a")
        #expect(screen.cell(row: 0, col: 0) == Cell(text: "漢", width: 2))
        #expect(screen.cell(row: 0, col: 1) == Cell(text: "", width: 0))
        #expect(screen.cell(row: 0, col: 1).isContinuation)
        #expect(screen.cell(row: 0, col: 2).text == "字")
        #expect(screen.cell(row: 0, col: 4).text == "a")
        #expect(screen.cursor.col == 5)
        #expect(screen.text(row: 0) == "漢字a")
    }

    @Test func emojiIsWide() {
        let screen = makeScreen(rows: 1, cols: 4, "😀x")
        #expect(screen.cell(row: 0, col: 0) == Cell(text: "😀", width: 2))
        #expect(screen.cell(row: 0, col: 1).width == 0)
        #expect(screen.cell(row: 0, col: 2).text == "x")
    }

    @Test func combiningMarkJoinsPreviousCell() {
        let screen = makeScreen(rows: 1, cols: 4, "e\u{301}x")
        let cell = screen.cell(row: 0, col: 0)
        #expect(Array(cell.text.unicodeScalars) == ["e", "\u{301}"])
        #expect(cell.width == 1)
        #expect(screen.cell(row: 0, col: 1).text == "x")
    }

    @Test func wideCharacterAtLastColumnWraps() {
        let screen = makeScreen(rows: 2, cols: 3, "ab漢")
        #expect(lines(screen) == ["ab", "漢"])
        #expect(screen.cell(row: 1, col: 0).width == 2)
    }

    @Test func displayWidthRule() {
        #expect(TerminalScreen.displayWidth(of: "a") == 1)
        #expect(TerminalScreen.displayWidth(of: "漢") == 2)
        #expect(TerminalScreen.displayWidth(of: "😀") == 2)
        #expect(TerminalScreen.displayWidth(of: "Ａ") == 2)
        #expect(TerminalScreen.displayWidth(of: "\u{301}") == 0)
        #expect(TerminalScreen.displayWidth(of: "\u{200D}") == 0)
        #expect(TerminalScreen.displayWidth(of: "\u{7}") == 0)
        #expect(TerminalScreen.displayWidth(of: "e\u{301}漢😀") == 5)
    }

    @Test func displayWidthAgreesWithEmulatorForCommonText() {
        let samples: [Unicode.Scalar] = ["a", "漢", "한", "😀", "é", "Ａ", "→", "─"]
        for scalar in samples {
            let screen = makeScreen(rows: 1, cols: 4, String(Character(scalar)))
            #expect(Int(screen.cell(row: 0, col: 0).width) == TerminalScreen.displayWidth(of: scalar), "\(scalar)")
        }
    }
}
