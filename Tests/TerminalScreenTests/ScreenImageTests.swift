// A screen's image, encoded and fed to a reset screen of the same size, gives the same image (every
// cell, erased backgrounds to the row's end included, the scrollback, cursor, pen, cursor save,
// modes, character sets, titles), and the bytes that follow draw on it as on the original: the
// seam a pane stream's snapshot must keep.

import Testing

@testable import TerminalScreen

@Suite("Screen images")
struct ScreenImageTests {
    /// `input` on a fresh screen, its image encoded onto another, then `rest` fed to both.
    @discardableResult
    func roundTrip(
        _ input: String, rest: String = "", rows: Int = 4, cols: Int = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (TerminalScreen, TerminalScreen) {
        let original = makeScreen(rows: rows, cols: cols, input)
        let copy = makeScreen(rows: rows, cols: cols)
        copy.feed(original.image().encoded())
        #expect(
            copy.image().difference(from: original.image()) == nil, "before the rest", sourceLocation: sourceLocation)
        original.feed(rest)
        copy.feed(rest)
        #expect(
            copy.image().difference(from: original.image()) == nil, "after the rest", sourceLocation: sourceLocation)
        #expect(lines(copy) == lines(original), sourceLocation: sourceLocation)
        return (original, copy)
    }

    @Test func erasedBackgroundsReachTheRowsEnd() {
        let (_, copy) = roundTrip("\(esc)[44mab\(esc)[K\r\n\(esc)[41m\(esc)[2Kx\(esc)[0m\r\n\(esc)[42m\(esc)[3X")
        #expect(copy.cell(row: 0, col: 9).bg == .indexed(4))
        #expect(copy.cell(row: 0, col: 9).text.isEmpty)
        #expect(copy.cell(row: 1, col: 5).bg == .indexed(1))
        #expect(copy.cell(row: 2, col: 2).bg == .indexed(2))
        #expect(copy.cell(row: 2, col: 3).bg == .default)
    }

    @Test func lineDrawingAndTheCharsetInForce() {
        let (_, copy) = roundTrip("\(esc)(0lqqk", rest: "x\(esc)(Bx")
        #expect(copy.text(row: 0) == "┌──┐│x")
        roundTrip("\(esc))0a\u{0E}lq", rest: "k\u{0F}k")
    }

    /// Single line-drawing characters between ASCII ones, in G0 and through SO/SI in G1, as the
    /// fidelity corpus's `dec-graphics` draws them before a viewer attaches.
    @Test func lineDrawingBetweenTextOnEveryRow() {
        let input =
            "\(esc)(0lqqwqqk\(esc)(B\r\n\(esc)(0x\(esc)(Bab\(esc)(0x\(esc)(Bcd\(esc)(0x\(esc)(B\r\n"
            + "\(esc))0\u{0E}mqqvqqj\u{0F} after\r\n"
        let (original, copy) = roundTrip(input, rows: 4, cols: 16)
        for screen in [original, copy] {
            #expect(screen.text(row: 0) == "┌──┬──┐")
            #expect(screen.text(row: 1) == "│ab│cd│")
            #expect(screen.text(row: 2) == "└──┴──┘ after")
        }
    }

    @Test func everyAttributeAndColour() {
        let sgrs = [
            "1", "2", "3", "4", "4:2", "4:3", "4:4", "4:5", "5", "7", "8", "9", "53", "31", "97", "38;5;202",
            "38;2;1;2;3", "44", "103", "48;5;17", "48;2;9;8;7", "1;2;3;53;38;2;4;5;6",
        ]
        let input = sgrs.map { "\(esc)[\($0)mx\(esc)[0m" }.joined()
        roundTrip(input, rows: 3, cols: 10)
    }

    @Test func thePenCarriesOverTheSeam() {
        let (_, copy) = roundTrip("\(esc)[1;38;2;215;119;87m│", rest: "x")
        #expect(copy.cell(row: 0, col: 1).fg == .rgb(215, 119, 87))
        #expect(copy.cell(row: 0, col: 1).attrs.contains(.bold))
    }

    @Test func scrollbackWithStylesAndBackgrounds() {
        let input = (1...9).map { "\(esc)[3\($0 % 8)ml\($0)\(esc)[4\($0 % 8)m\(esc)[K\(esc)[0m" }.joined(
            separator: "\r\n")
        let (original, copy) = roundTrip(input, rest: "\r\nnext")
        #expect(copy.scrollbackCount == original.scrollbackCount)
        #expect(copy.scrollbackCount > 0)
    }

    @Test func alternateScreenKeepsThePrimaryBehindIt() {
        let (original, copy) = roundTrip(
            "primary\r\nrow2\(esc)[?1049h\(esc)[2;3H\(esc)[35malt", rest: "!\(esc)[?1049lback")
        #expect(original.text(row: 0) == "primary")
        #expect(copy.text(row: 1).hasPrefix("row2"))
    }

    @Test func cursorSaveAndRestore() {
        roundTrip("\(esc)[2;4H\(esc)[1;32m\(esc)7\(esc)[0m\(esc)[4;1Hstatus", rest: "\(esc)8after")
        roundTrip("\(esc)[3;2H\(esc)[s\(esc)[1;1Hx", rest: "\(esc)[uy")
    }

    @Test func pendingWrapAtTheLastColumn() {
        let (_, copy) = roundTrip("0123456789", rest: "x")
        #expect(copy.text(row: 1) == "x")
        roundTrip("012345678\(esc)[1m9\(esc)[0m", rest: "y")
        roundTrip("01234567漢", rest: "z")
        // Not waiting: the cursor moved on to the last column without printing there.
        let (_, moved) = roundTrip("012345678", rest: "w")
        #expect(moved.text(row: 0) == "012345678w")
    }

    @Test func scrollRegionOriginAndModes() {
        roundTrip("top\(esc)[2;3r\(esc)[3;1Hx", rest: "\n\nscrolled", rows: 5)
        roundTrip("\(esc)[2;4r\(esc)[?6h\(esc)[2;2Ho", rest: "\(esc)[1;1Hp", rows: 5)
        roundTrip("\(esc)[?7labcdefghijklmn", rest: "zz")
        roundTrip("abc\(esc)[4h\(esc)[1;1H", rest: "X")
        let (_, copy) = roundTrip("\(esc)[?1h\(esc)=\(esc)[?1002h\(esc)[?1006h\(esc)[?2004h\(esc)[?1004h\(esc)[?5h")
        #expect(copy.modes.applicationCursor && copy.modes.applicationKeypad && copy.modes.bracketedPaste)
        #expect(copy.modes.mouse == .drag && copy.modes.mouseEncoding == 1006 && copy.modes.focusReports)
    }

    @Test func cursorLookAndTitles() {
        roundTrip("\(esc)[?25l\(esc)[6 q\(esc)]2;a title\u{07}\(esc)]1;icon\u{07}")
        roundTrip("\(esc)[?12l")
        roundTrip("\(esc)[4 q\(esc)7\(esc)[2 q")
    }

    @Test func wideAndJoinedCells() {
        roundTrip("漢字|e\u{301}|🧑‍💻|❤️", rest: "\u{300}!", cols: 20)
    }

    @Test func aHistoryLimitKeepsTheNewestLines() {
        let original = makeScreen(rows: 2, cols: 5, (1...8).map { "l\($0)" }.joined(separator: "\r\n"))
        let copy = makeScreen(rows: 2, cols: 5)
        copy.feed(original.image(historyLimit: 3).encoded())
        #expect(copy.scrollbackCount == 3)
        #expect((0..<3).map { copy.scrollbackLine($0).map(\.text).joined() } == ["l4", "l5", "l6"])
        #expect(lines(copy) == ["l7", "l8"])
    }
}
