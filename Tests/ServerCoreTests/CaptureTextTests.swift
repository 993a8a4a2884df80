// The detector's fast read of a screen row (`CaptureText.line(_:row:)`) writes exactly what the
// cell-by-cell one writes for the same row: seeded streams of every kind of byte the corpus has.

import TerminalScreen
import TestSupport
import Testing

@testable import ServerCore

@Suite struct CaptureTextTests {
    @Test func theFastReadOfARowEqualsTheCellByCellOne() {
        var differences: [String] = []
        for seed in UInt64(1)...40 {
            var generator = TerminalStreamGenerator(seed: seed, rows: 8, cols: 24, avoidingKnownLimits: false)
            let screen = TerminalScreen(rows: 8, cols: 24, scrollbackLimit: 10)
            screen.feed(generator.stream(pieces: 80))
            for row in 0..<screen.rows {
                let fast = CaptureText.line(screen, row: row)
                let slow = CaptureText.line(screen.row(row))
                if fast != slow {
                    differences.append("seed \(seed) row \(row): \(fast.debugDescription) ≠ \(slow.debugDescription)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5).joined(separator: "\n"))")
    }

    @Test func trailingBlanksGoButBackgroundsStay() {
        let screen = TerminalScreen(rows: 2, cols: 10, scrollbackLimit: 0)
        screen.feed(Array("ab   \r\n\u{1B}[44mx\u{1B}[K".utf8))
        #expect(CaptureText.line(screen, row: 0) == "ab")
        #expect(CaptureText.line(screen, row: 1) == CaptureText.line(screen.row(1)))
        #expect(CaptureText.line(screen, row: 1).hasSuffix("x") == false, "the erased background is part of the line")
    }
}
