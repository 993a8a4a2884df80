// Random bytes in random chunks into random-size screens with random resizes: never crash, and
// every cell read stays consistent with the screen's bounds.

import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Fuzz", .ownThread)
struct FuzzTests {
    /// Fragments that steer random input into interesting parser states.
    static let fragments: [[UInt8]] = [
        "\u{1B}[", "\u{1B}]0;", "\u{1B}[?1049h", "\u{1B}[?1049l", "\u{1B}[2;3r", "漢", "😀", "e\u{301}",
        "\r\n", "\u{1B}[38;2;1;2;3m", "\u{1B}[K", "\u{1B}M", "\u{1B}[?2026h", "\u{1B}P", "\u{7}", "\u{1B}[6n",
        "\u{1B}[3b", "\u{1B}[b", "\u{1B}#6", "\u{1B}#3", "\u{1B}[?7l", "\u{1B}[4h", "\u{1B}[2@", "\u{1B}[3P", "\u{1B}c",
        "\u{1B}[?6h", "\u{1B}[1;80H", "\u{1B}[99C", "\u{1B}[?69h", "\u{1B}[3;5s", "\u{1B}[5X", "\u{1B}[2L",
        "\u{1B}[3M", "\u{1B}[S", "\u{1B}[T", "\u{1B}[?1000h", "\u{1B}[?2004h", "\u{1B}[?1h", "\u{1B}7", "\u{1B}8",
    ].map { Array($0.utf8) }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomInputNeverBreaksBounds(seed: UInt64) {
        var rng = SeededGenerator(state: seed)
        let screen = TerminalScreen(
            rows: Int.random(in: 1...30, using: &rng), cols: Int.random(in: 1...90, using: &rng), scrollbackLimit: 50)
        for _ in 0..<300 {
            screen.feed(Self.randomChunk(using: &rng))
            if Int.random(in: 0..<20, using: &rng) == 0 {
                screen.resize(rows: Int.random(in: 0...40, using: &rng), cols: Int.random(in: 0...100, using: &rng))
            }
            if Int.random(in: 0..<10, using: &rng) == 0 { Self.checkBounds(screen) }
            _ = screen.takeOutput()
        }
        Self.checkBounds(screen)
    }

    static func randomChunk(using rng: inout SeededGenerator) -> [UInt8] {
        var chunk: [UInt8] = []
        let length = Int.random(in: 0...200, using: &rng)
        while chunk.count < length {
            if Int.random(in: 0..<4, using: &rng) == 0 {
                chunk += fragments[Int.random(in: 0..<fragments.count, using: &rng)]
            } else {
                chunk.append(UInt8.random(in: 0...255, using: &rng))
            }
        }
        return chunk
    }

    static func checkBounds(_ screen: TerminalScreen) {
        let cursor = screen.cursor
        #expect((0..<screen.rows).contains(cursor.row))
        #expect((0..<screen.cols).contains(cursor.col))
        let damage = screen.takeDamage()
        #expect(damage.rowCount == screen.rows)
        #expect(damage.rows.allSatisfy { (0..<screen.rows).contains($0) })
        for row in 0..<screen.rows {
            let cells = screen.row(row)
            #expect(cells.count == screen.cols)
            #expect(cells.allSatisfy { $0.width <= 2 && $0.text.unicodeScalars.count <= 6 })
        }
        #expect(screen.scrollbackCount <= screen.scrollbackLimit)
        for index in 0..<screen.scrollbackCount {
            #expect(screen.scrollbackLine(index).allSatisfy { $0.width <= 2 })
        }
    }
}
