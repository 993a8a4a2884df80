// `TerminalScreen.text(row:)` reads characters only; it must give exactly the text of the row's
// cells (`TerminalScreen.text(of: row(_:))`), which builds full cells with colours and attributes.

import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Row text", .ownThread)
struct RowTextTests {
    /// Pieces a seeded screen is written from: ASCII, colours, wide and combining characters,
    /// joined emoji, erases, cursor moves and blanks in the middle of a row.
    private static let pieces: [String] = [
        "abc", "x", " ", "   ", "\u{1B}[31m", "\u{1B}[1;44m", "\u{1B}[0m", "\u{1B}[38;2;1;2;3m", "日本", "語",
        "e\u{301}", "a\u{308}\u{323}", "👩‍💻", "🇩🇪", "❤️", "\u{1B}[K", "\u{1B}[2X", "\u{1B}[5G", "\u{1B}[3;7H",
        "\r\n", "\t", "─│┌", "\u{1B}[7mrev\u{1B}[27m", "\u{1B}[4:3mcurl\u{1B}[24m",
    ]

    @Test func everyRowMatchesTheTextOfItsCells() {
        var generator = SeededGenerator(seed: 0x7E47)
        var compared = 0
        var nonASCII = 0
        for _ in 0..<200 {
            let cols = Int.random(in: 1...40, using: &generator)
            let rows = Int.random(in: 1...8, using: &generator)
            let screen = TerminalScreen(rows: rows, cols: cols)
            var input = ""
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                input += Self.pieces.randomElement(using: &generator) ?? ""
            }
            screen.feed(Array(input.utf8))
            for row in 0..<rows {
                let expected = TerminalScreen.text(of: screen.row(row))
                #expect(screen.text(row: row) == expected, "input \(input.debugDescription), row \(row)")
                compared += 1
                if expected.unicodeScalars.contains(where: { !$0.isASCII }) { nonASCII += 1 }
            }
        }
        // The seeds must reach the paths that are not plain ASCII.
        #expect(compared > 500)
        #expect(nonASCII > 100)
    }

    @Test func outOfRangeRowsAreEmpty() {
        let screen = TerminalScreen(rows: 2, cols: 4)
        screen.feed(Array("ab".utf8))
        #expect(screen.text(row: -1) == "")
        #expect(screen.text(row: 2) == "")
        #expect(screen.text(row: 0) == "ab")
    }
}
