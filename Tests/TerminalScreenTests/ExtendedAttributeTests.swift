// Attributes libvterm 0.1.4 cannot hold (dim, conceal, overline, dotted and dashed underlines)
// carried through its font number by the SGR rewrite, colon colours, and the underline colour
// that must vanish without side effects.

import Testing

@testable import TerminalScreen

@Suite("Extended SGR attributes")
struct ExtendedAttributeTests {
    @Test func dimConcealOverlineSetAndCleared() {
        let input = "\(esc)[2mA\(esc)[8mB\(esc)[53mC\(esc)[22mD\(esc)[28mE\(esc)[55mF\(esc)[1;2mG\(esc)[22mH"
        let screen = makeScreen(rows: 1, cols: 10, input)
        let attrs = (0..<8).map { screen.cell(row: 0, col: $0).attrs }
        #expect(attrs[0] == [.dim])
        #expect(attrs[1] == [.dim, .conceal])
        #expect(attrs[2] == [.dim, .conceal, .overline])
        #expect(attrs[3] == [.conceal, .overline])
        #expect(attrs[4] == [.overline])
        #expect(attrs[5] == [])
        #expect(attrs[6] == [.bold, .dim])
        #expect(attrs[7] == [])
        #expect(screen.cell(row: 0, col: 1).text == "B")
    }

    @Test func resetClearsEverything() {
        let screen = makeScreen(rows: 1, cols: 5, "\(esc)[2;8;53;4:4mA\(esc)[mB\(esc)[2;0mC")
        #expect(screen.cell(row: 0, col: 0).attrs == [.dim, .conceal, .overline, .underline])
        #expect(screen.cell(row: 0, col: 1).attrs == [])
        #expect(screen.cell(row: 0, col: 2).attrs == [])
    }

    @Test func underlineStyles() {
        let input =
            "\(esc)[4:4mA\(esc)[4:5mB\(esc)[4mC\(esc)[4:2mD\(esc)[4:3mE\(esc)[4:4mF\(esc)[24mG"
            + "\(esc)[4:5m\(esc)[4:0mH"
        let screen = makeScreen(rows: 1, cols: 10, input)
        let attrs = (0..<8).map { screen.cell(row: 0, col: $0).attrs }
        #expect(attrs[0] == [.underline, .dottedUnderline])
        #expect(attrs[1] == [.underline, .dashedUnderline])
        #expect(attrs[2] == [.underline])
        #expect(attrs[3] == [.underline, .doubleUnderline])
        #expect(attrs[4] == [.underline, .curlyUnderline])
        #expect(attrs[5] == [.underline, .dottedUnderline])
        #expect(attrs[6] == [])
        #expect(attrs[7] == [])
    }

    @Test func programFontSelectionsAreIgnored() {
        let screen = makeScreen(rows: 1, cols: 5, "\(esc)[11mA\(esc)[2;19mB\(esc)[10mC")
        #expect(screen.cell(row: 0, col: 0).attrs == [])
        #expect(screen.cell(row: 0, col: 1).attrs == [.dim])
        #expect(screen.cell(row: 0, col: 2).attrs == [.dim])
    }

    @Test func colonColoursAsTmuxReadsThem() {
        let input = "\(esc)[38:2::10:20:30mA\(esc)[38:2:40:50:60mB\(esc)[48:5:17mC\(esc)[38:2:0:1:2:3mD"
        let screen = makeScreen(rows: 1, cols: 5, input)
        #expect(screen.cell(row: 0, col: 0).fg == .rgb(10, 20, 30))
        #expect(screen.cell(row: 0, col: 1).fg == .rgb(40, 50, 60))
        #expect(screen.cell(row: 0, col: 2).bg == .indexed(17))
        #expect(screen.cell(row: 0, col: 3).fg == .rgb(1, 2, 3))
    }

    @Test func underlineColourHasNoSideEffects() {
        let input = "\(esc)[58;5;1mA\(esc)[58;2;1;3;9mB\(esc)[58:2::1:3:9;59mC\(esc)[31;58;5;200;1mD"
        let screen = makeScreen(rows: 1, cols: 5, input)
        for col in 0..<3 { #expect(screen.cell(row: 0, col: col).attrs == []) }
        #expect(screen.cell(row: 0, col: 3).attrs == [.bold])
        #expect(screen.cell(row: 0, col: 3).fg == .indexed(1))
    }

    @Test func savedCursorRestoresTheExtras() {
        let screen = makeScreen(rows: 1, cols: 5, "\(esc)[2;53m\(esc)7\(esc)[0mA\(esc)8B")
        #expect(screen.cell(row: 0, col: 0).attrs == [.dim, .overline])
        #expect(screen.text(row: 0) == "B")
    }

    @Test func erasedCellsKeepOnlyTheBackground() {
        let screen = makeScreen(rows: 2, cols: 4, "\(esc)[4;53;7;31;44mA\(esc)[K\(esc)[2J")
        #expect(screen.cell(row: 1, col: 2) == Cell(text: "", bg: .indexed(4)))
    }

    @Test func splitAtEveryByte() {
        let input = Array("x\(esc)[1;2;38:2::1:2:3;53;4:5;48;5;9mX\(esc)[22;58;2;1;2;3mY".utf8)
        let whole = makeScreen(rows: 1, cols: 5, String(decoding: input, as: UTF8.self))
        for split in 1..<input.count {
            let screen = TerminalScreen(rows: 1, cols: 5, scrollbackLimit: 0)
            screen.feed(input[..<split])
            screen.feed(input[split...])
            #expect(screen.row(0) == whole.row(0), "split at \(split)")
        }
        #expect(whole.cell(row: 0, col: 1).attrs == [.bold, .dim, .overline, .underline])
        #expect(whole.cell(row: 0, col: 1).fg == .rgb(1, 2, 3))
        #expect(whole.cell(row: 0, col: 2).attrs == [.overline, .underline])
    }

    @Test func overlongSGRIsDroppedNotMisread() {
        let params = Array(repeating: "1", count: 200).joined(separator: ";")
        let screen = makeScreen(rows: 1, cols: 5, "\(esc)[2m\(esc)[\(params);5mA")
        #expect(screen.cell(row: 0, col: 0).attrs == [.dim])
    }

    @Test func sgrWithMoreArgumentsThanLibvtermTakesIsSplit() {
        let params = Array(repeating: "0", count: 17).joined(separator: ";") + ";1;2;38;2;1;2;3;53"
        let bytes = Array("\(esc)[\(params)mA".utf8)
        for split in [0, 5, 30, bytes.count - 2] {
            let screen = TerminalScreen(rows: 1, cols: 5, scrollbackLimit: 0)
            screen.feed(bytes[..<split])
            screen.feed(bytes[split...])
            #expect(screen.cell(row: 0, col: 0).attrs == [.bold, .dim, .overline], "split at \(split)")
            #expect(screen.cell(row: 0, col: 0).fg == .rgb(1, 2, 3))
        }
    }

    /// libvterm 0.1.4 writes past its argument array on a 17th CSI argument (a crash).
    @Test func otherSequencesWithTooManyArgumentsAreDropped() {
        let many = Array(repeating: "1", count: 20).joined(separator: ";")
        let screen = makeScreen(rows: 2, cols: 5, "A\(esc)[\(many)HB\(esc)[?\(many):1:1hC\(esc)[\(many)\u{18}D")
        #expect(screen.text(row: 0) == "ABCD")
    }
}
