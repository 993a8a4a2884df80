// SGR attributes and 16 / 256 / truecolor colours, foreground and background.

import Testing

@testable import TerminalScreen

@Suite("Attributes and colours")
struct AttributeColorTests {
    @Test func boldItalicUnderlineReverse() {
        let screen = makeScreen(rows: 1, cols: 10, "\(esc)[1mA\(esc)[3mB\(esc)[0;4mC\(esc)[0;7mD\(esc)[0;9mE\(esc)[0mF")
        #expect(screen.cell(row: 0, col: 0).attrs == [.bold])
        #expect(screen.cell(row: 0, col: 1).attrs == [.bold, .italic])
        #expect(screen.cell(row: 0, col: 2).attrs == [.underline])
        #expect(screen.cell(row: 0, col: 3).attrs == [.reverse])
        #expect(screen.cell(row: 0, col: 4).attrs == [.strike])
        #expect(screen.cell(row: 0, col: 5).attrs == [])
    }

    @Test func blinkAndUnderlineStyles() {
        let screen = makeScreen(rows: 1, cols: 5, "\(esc)[5mA\(esc)[0;21mB\(esc)[0;4:3mC")
        #expect(screen.cell(row: 0, col: 0).attrs == [.blink])
        #expect(screen.cell(row: 0, col: 1).attrs == [.underline, .doubleUnderline])
        #expect(screen.cell(row: 0, col: 2).attrs == [.underline, .curlyUnderline])
    }

    @Test func sixteenColours() {
        let screen = makeScreen(rows: 1, cols: 5, "\(esc)[31;42mA\(esc)[91;104mB\(esc)[39;49mC")
        #expect(screen.cell(row: 0, col: 0).fg == .indexed(1))
        #expect(screen.cell(row: 0, col: 0).bg == .indexed(2))
        #expect(screen.cell(row: 0, col: 1).fg == .indexed(9))
        #expect(screen.cell(row: 0, col: 1).bg == .indexed(12))
        #expect(screen.cell(row: 0, col: 2).fg == .default)
        #expect(screen.cell(row: 0, col: 2).bg == .default)
    }

    @Test func palette256() {
        let screen = makeScreen(rows: 1, cols: 5, "\(esc)[38;5;202;48;5;17mX")
        let cell = screen.cell(row: 0, col: 0)
        #expect(cell.fg == .indexed(202))
        #expect(cell.bg == .indexed(17))
    }

    @Test func truecolor() {
        let screen = makeScreen(rows: 1, cols: 5, "\(esc)[38;2;10;20;30;48;2;200;100;0mX\(esc)[mY")
        #expect(screen.cell(row: 0, col: 0).fg == .rgb(10, 20, 30))
        #expect(screen.cell(row: 0, col: 0).bg == .rgb(200, 100, 0))
        #expect(screen.cell(row: 0, col: 1).fg == .default)
        #expect(screen.cell(row: 0, col: 1).bg == .default)
    }

    @Test func defaultColoursOnUntouchedCells() {
        let screen = makeScreen(rows: 1, cols: 3)
        #expect(screen.cell(row: 0, col: 1) == Cell(text: "", width: 1, attrs: [], fg: .default, bg: .default))
    }

    @Test func erasedCellsKeepBackgroundColour() {
        let screen = makeScreen(rows: 1, cols: 4, "\(esc)[44m\(esc)[K")
        #expect(screen.cell(row: 0, col: 3).bg == .indexed(4))
        #expect(screen.cell(row: 0, col: 3).text == "")
    }
}
