// The mirror's kept capture rows (ScreenRowText) equal a fresh conversion of every row after any
// output, and a read converts only the rows the output changed: one for a spinner, the new bottom
// rows for a scroll.

import TerminalScreen
import TestSupport
import Testing

@testable import ServerCore

@Suite struct ScreenRowTextTests {
    @Test func keptRowsEqualAFreshReadAfterEveryPieceOfOutput() {
        var differences: [String] = []
        for seed in UInt64(1)...40 {
            let (rows, cols) = seed % 2 == 0 ? (8, 24) : (24, 80)
            var generator = TerminalStreamGenerator(seed: seed, rows: rows, cols: cols)
            let screen = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 10)
            var text = ScreenRowText()
            for piece in 0..<200 {
                // One to three pieces between reads, as output lands between two detector reads.
                for _ in 0..<(1 + piece % 3) { screen.feed(Array(generator.piece().utf8)) }
                let kept = text.lines(of: screen)
                let fresh = (0..<screen.rows).map { CaptureText.line(screen, row: $0) }
                if kept != fresh, let row = kept.indices.first(where: { kept[$0] != fresh[$0] }) {
                    differences.append("seed \(seed) piece \(piece) row \(row): \(kept[row]) ≠ \(fresh[row])")
                    break
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5).joined(separator: "\n"))")
    }

    @Test func aSpinnerCostsOneRowAndAScrollOnlyTheNewRows() {
        let screen = TerminalScreen(rows: 10, cols: 40, scrollbackLimit: 100)
        var text = ScreenRowText()
        screen.feed(Array((0..<10).map { "line \($0)" }.joined(separator: "\r\n").utf8))
        _ = text.lines(of: screen)
        #expect(text.rowsConverted == 10, "the first read converts every row")
        let afterFirst = text.rowsConverted
        screen.feed(Array("\u{1B}[5;1H\u{1B}[33m✻ Working…\u{1B}[0m".utf8))
        #expect(text.lines(of: screen)[4] == CaptureText.line(screen, row: 4))
        #expect(text.rowsConverted - afterFirst == 1, "a spinner frame changes one row")
        let afterSpinner = text.rowsConverted
        screen.feed(Array("\u{1B}[10;1H\r\nnew a\r\nnew b\r\nnew c".utf8))
        let lines = text.lines(of: screen)
        #expect(lines == (0..<10).map { CaptureText.line(screen, row: $0) })
        #expect(lines[0] == "line 3" && lines[9] == "new c")
        #expect(text.rowsConverted - afterSpinner == 3, "three lines scrolled in: only they are read")
        #expect(text.lines(of: screen) == lines && text.rowsConverted - afterSpinner == 3, "nothing new, nothing read")
    }
}
