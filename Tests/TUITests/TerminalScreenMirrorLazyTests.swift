// The lazy mirror: updates only mark rows stale, draws convert only the rows and columns they
// show, and whatever is read on demand equals a full conversion of the screen.

import ClientCore
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct TerminalScreenMirrorLazyTests {
    /// Coloured lines with wide characters, enough to scroll a 12-row screen.
    private static func busyOutput(lines: Range<Int>) -> String {
        lines.map { n in
            let colour = 31 + n % 7
            return "\u{1B}[\(colour);1m@\(n):\u{1B}[0m line \(n) 漢字 \u{1B}[48;5;\(n % 256)m"
                + String(repeating: "x", count: n % 50) + "\u{1B}[0m"
        }.joined(separator: "\r\n")
    }

    /// Every row as a full, eager conversion sees it.
    private static func reference(_ screen: TerminalScreen) -> [[FrameCell]] {
        (0..<screen.rows).map { screen.row($0).map(TerminalScreenMirror.convert) }
    }

    @Test func staleRowsReadOnDemandEqualAFullConversion() {
        let screen = TerminalScreen(rows: 12, cols: 60)
        let mirror = TerminalScreenMirror()
        screen.feed(Self.busyOutput(lines: 0..<20))
        mirror.update(from: screen)
        var frame = CellBuffer(size: GridSize(cols: 20, rows: 5))
        mirror.draw(into: &frame, rect: frame.bounds, originRow: 3, originCol: 10)
        screen.feed("\r\n" + Self.busyOutput(lines: 20..<23))
        mirror.update(from: screen)
        mirror.draw(into: &frame, rect: frame.bounds, originRow: 7, originCol: 30)
        let expected = Self.reference(screen)
        for r in 0..<screen.rows { #expect(mirror.row(r) == expected[r], "row \(r)") }
    }

    /// Generated output: runs of ASCII (up to `~`, and DEL) under every SGR attribute and kind of
    /// colour, wide and combining characters, erases with attributes set, cursor moves.
    private static func generatedOutput(seed: UInt64) -> String {
        var rng = SeededGenerator(seed: seed)
        let sgr = [
            "0", "1", "2", "3", "4", "4:3", "5", "7", "8", "9", "53", "21", "31", "38;5;200", "48;5;17",
            "38;2;1;2;3", "48;2;250;0;9", "39", "49", "22", "24", "27",
        ]
        let pieces = [
            "abc", "~}|{", "\u{7F}", "漢字", "e\u{301}", "\u{1F600}", " ", "x y", "\r\n", "\u{1B}[K", "\u{1B}[2X",
        ]
        var out = ""
        for _ in 0..<400 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: out += "\u{1B}[\(sgr.randomElement(using: &rng) ?? "0")m"
            case 1: out += "\u{1B}[\(Int.random(in: 1...12, using: &rng));\(Int.random(in: 1...60, using: &rng))H"
            default: out += pieces.randomElement(using: &rng) ?? ""
            }
        }
        return out
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func generatedOutputReadOnDemandEqualsAFullConversion(seed: UInt64) {
        let screen = TerminalScreen(rows: 12, cols: 60)
        screen.feed(Self.generatedOutput(seed: seed))
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        var frame = CellBuffer(size: GridSize(cols: 33, rows: 7))
        mirror.draw(into: &frame, rect: frame.bounds, originRow: 2, originCol: 5)
        let expected = Self.reference(screen)
        for r in 0..<screen.rows {
            let got = mirror.row(r)
            let col = got.indices.first { $0 < expected[r].count && got[$0] != expected[r][$0] } ?? -1
            let difference = col >= 0 ? "\(got[col]) vs \(expected[r][col])" : ""
            #expect(got == expected[r], "seed \(seed), row \(r), col \(col): \(difference)")
        }
        #expect(expected.joined().contains { $0.style != .plain })
    }

    @Test func aDrawnCropEqualsTheSameCropOfAFullConversion() {
        let screen = TerminalScreen(rows: 12, cols: 60)
        screen.feed(Self.busyOutput(lines: 0..<30))
        let lazy = TerminalScreenMirror()
        lazy.update(from: screen)
        var cropped = CellBuffer(size: GridSize(cols: 25, rows: 6))
        lazy.draw(into: &cropped, rect: cropped.bounds, originRow: 5, originCol: 9)
        let full = TerminalScreenMirror()
        full.update(from: screen)
        for r in 0..<screen.rows { _ = full.row(r) }
        var reference = CellBuffer(size: GridSize(cols: 25, rows: 6))
        full.draw(into: &reference, rect: reference.bounds, originRow: 5, originCol: 9)
        #expect(cropped == reference)
        #expect(cropped.text().contains("漢") || cropped.text().contains("x"))
    }

    @Test func rowsAndColumnsOutsideTheCropAreNotConverted() {
        let screen = TerminalScreen(rows: 40, cols: 120)
        screen.feed(Self.busyOutput(lines: 0..<60))
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        #expect(mirror.cellsConverted == 0, "an update reads no cells")
        let origin = mirror.cropOrigin(height: 14, width: 41)
        #expect(mirror.cellsConverted == 0, "the crop asks the screen whether rows are blank")
        var frame = CellBuffer(size: GridSize(cols: 41, rows: 14))
        mirror.draw(into: &frame, rect: frame.bounds, originRow: origin.row, originCol: origin.col)
        #expect(mirror.cellsConverted == 14 * 41)
        mirror.update(from: screen)
        mirror.draw(into: &frame, rect: frame.bounds, originRow: origin.row, originCol: origin.col)
        #expect(mirror.cellsConverted == 14 * 41, "undamaged rows are not read again")
        screen.feed("\r\nnext")
        mirror.update(from: screen)
        #expect(mirror.rowsDamagedLastUpdate == 1, "a scroll of the screen moves the rows kept")
        #expect(mirror.rowsMoved == 39)
        mirror.draw(into: &frame, rect: frame.bounds, originRow: origin.row, originCol: origin.col)
        #expect(mirror.cellsConverted == 14 * 41 + 41, "only the new bottom row is read")
        #expect(frame.text().hasSuffix("next"))
    }

    @Test func widerDrawsConvertOnlyTheMissingColumns() {
        let screen = TerminalScreen(rows: 4, cols: 80)
        screen.feed("abcdefghijklmnopqrstuvwxyz")
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        var frame = CellBuffer(size: GridSize(cols: 10, rows: 1))
        mirror.draw(into: &frame, rect: frame.bounds, originRow: 0, originCol: 5)
        #expect(mirror.cellsConverted == 10)
        #expect(frame.text() == "fghijklmno")
        #expect(mirror.row(0).prefix(26).map(\.text).joined() == "abcdefghijklmnopqrstuvwxyz")
        #expect(mirror.cellsConverted == 80, "the rest of the row, once")
    }

    @Test func resizeStartsAFreshMirrorAtTheNewSize() {
        let screen = TerminalScreen(rows: 10, cols: 40)
        screen.feed(Self.busyOutput(lines: 0..<15))
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        _ = mirror.row(9)
        screen.resize(rows: 6, cols: 30)
        mirror.update(from: screen)
        #expect(mirror.size == GridSize(cols: 30, rows: 6))
        #expect(mirror.rowsDamagedLastUpdate == 6)
        let expected = Self.reference(screen)
        for r in 0..<6 { #expect(mirror.row(r) == expected[r]) }
        #expect(mirror.row(6).isEmpty)
    }

    @Test func wideCharactersCutByEitherCropEdgeBecomeBlanks() {
        let screen = TerminalScreen(rows: 1, cols: 20)
        screen.feed("ab漢cd字ef")
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        var frame = CellBuffer(size: GridSize(cols: 4, rows: 1))
        mirror.draw(into: &frame, rect: frame.bounds, originRow: 0, originCol: 3)
        #expect(frame.text() == " cd", "the right half of 漢 at the left edge, 字 cut by the right edge")
        #expect(frame[0, 3] == .blank)
        frame = CellBuffer(size: GridSize(cols: 4, rows: 1))
        mirror.draw(into: &frame, rect: frame.bounds, originRow: 0, originCol: 1)
        #expect(frame.text() == "b漢c")
        frame = CellBuffer(size: GridSize(cols: 4, rows: 1))
        mirror.draw(into: &frame, rect: frame.bounds, originRow: 0, originCol: 4)
        #expect(frame.text() == "cd字")
        #expect(mirror.row(0) == screen.row(0).map(TerminalScreenMirror.convert))
    }

    @Test func blankRowsFollowTheScreenAfterDamage() {
        let screen = TerminalScreen(rows: 8, cols: 30)
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        #expect(mirror.lastNonBlankRow == -1)
        screen.feed("\u{1B}[6;1H\u{1B}[44m\u{1B}[K    \u{1B}[0m\u{1B}[3;5Htext")
        mirror.update(from: screen)
        #expect(mirror.lastNonBlankRow == 2, "coloured spaces are blank")
        screen.feed("\u{1B}[7;9H.")
        mirror.update(from: screen)
        #expect(mirror.lastNonBlankRow == 6)
        screen.feed("\u{1B}[7;1H\u{1B}[2K")
        mirror.update(from: screen)
        #expect(mirror.lastNonBlankRow == 2)
        screen.feed("\u{1B}[1;1H\u{1B}[2J")
        mirror.update(from: screen)
        #expect(mirror.lastNonBlankRow == -1)
    }

    @Test func theCropFollowsNewestOutputBelowTheCursor() {
        let screen = TerminalScreen(rows: 30, cols: 40)
        screen.feed("\u{1B}[28;1Hbottom line\u{1B}[2;1Hprompt> ")
        let mirror = TerminalScreenMirror()
        mirror.update(from: screen)
        #expect(mirror.cropOrigin(height: 10, width: 20).row == 18)
        screen.feed("\u{1B}[28;1H\u{1B}[2K\u{1B}[2;9H")
        mirror.update(from: screen)
        #expect(mirror.cropOrigin(height: 10, width: 20).row == 0)
    }
}
