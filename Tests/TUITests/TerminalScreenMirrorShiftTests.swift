// The mirror moves its converted rows when the whole screen scrolls (DamageSet.shift) and reads
// only what changed beyond the move. Whatever it shows must equal a full conversion of the screen
// after every update, whatever scrolled: the whole screen, a region (DECSTBM), a block between
// left and right margins (DECLRMM), up or down, in one step or many, across resizes, resets and
// the alternate screen, with reads of different crops in between.

import ClientCore
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct TerminalScreenMirrorShiftTests {
    private static func reference(_ screen: TerminalScreen) -> [[FrameCell]] {
        (0..<screen.rows).map { screen.row($0).map(TerminalScreenMirror.convert) }
    }

    /// Pieces that scroll and write in every way the screen can move rows.
    private static let pieces: [String] = [
        "line one\r\n", "\u{1B}[31mred\u{1B}[0m\r\n", "漢字 wide\r\n", "\n", "\n\n\n", "e\u{301}\r\n",
        "\u{1B}[2S", "\u{1B}[S", "\u{1B}[T", "\u{1B}[3T", "\u{1B}M", "\u{1B}D", "\u{1B}[L", "\u{1B}[2M",
        "\u{1B}[3;8r", "\u{1B}[r", "\u{1B}[?69h\u{1B}[5;30s", "\u{1B}[?69l", "\u{1B}[K", "\u{1B}[2J",
        "\u{1B}[H", "\u{1B}[12;1H", "\u{1B}[7;3H", "\u{1B}[44m  blue  \u{1B}[0m", "x", "\u{1B}[?1049h",
        "\u{1B}[?1049l", "\u{1B}c", "\u{1B}[P", "\u{1B}[@", "\u{1B}[2X",
    ]

    @Test(arguments: 0..<24 as Range<UInt64>)
    func whateverScrollsTheMirrorEqualsAFullConversion(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let screen = TerminalScreen(rows: 12, cols: 40)
        let mirror = TerminalScreenMirror()
        var frame = CellBuffer(size: GridSize(cols: 17, rows: 6))
        for step in 0..<150 {
            var chunk = ""
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                chunk += Self.pieces.randomElement(using: &rng) ?? ""
            }
            screen.feed(chunk)
            if Int.random(in: 0..<40, using: &rng) == 0 {
                screen.resize(rows: Int.random(in: 8...14, using: &rng), cols: Int.random(in: 30...44, using: &rng))
            }
            mirror.update(from: screen)
            // Read some rows now (so later shifts move converted rows), others only later.
            let origin = Int.random(in: 0..<max(1, screen.rows - 5), using: &rng)
            mirror.draw(
                into: &frame, rect: frame.bounds, originRow: origin, originCol: Int.random(in: 0..<20, using: &rng))
            if step % 10 == 9 {
                let expected = Self.reference(screen)
                for r in 0..<screen.rows {
                    #expect(mirror.row(r) == expected[r], "seed \(seed), step \(step), row \(r)")
                }
            }
        }
        let expected = Self.reference(screen)
        for r in 0..<screen.rows { #expect(mirror.row(r) == expected[r], "seed \(seed), end, row \(r)") }
    }

    @Test func aBusyLogMovesRowsInsteadOfReadingThem() {
        let screen = TerminalScreen(rows: 40, cols: 120)
        let mirror = TerminalScreenMirror()
        var frame = CellBuffer(size: GridSize(cols: 41, rows: 14))
        for n in 0..<200 {
            screen.feed("\u{1B}[3\(n % 7)m@\(n)\u{1B}[0m log line \(n)\r\n")
            if n % 5 == 4 {
                mirror.update(from: screen)
                let origin = mirror.cropOrigin(height: 14, width: 41)
                mirror.draw(into: &frame, rect: frame.bounds, originRow: origin.row, originCol: origin.col)
            }
        }
        #expect(mirror.rowsMoved > 30 * 30, "the rows kept were not moved: \(mirror.rowsMoved)")
        // 40 updates of a 14-row crop: 40 × 14 × 41 cells if every update read the crop again;
        // 5 new lines per update (and the row the cursor is on) if the kept rows are moved.
        #expect(mirror.cellsConverted < 40 * 7 * 41, "rows were read again: \(mirror.cellsConverted)")
        let expected = Self.reference(screen)
        for r in 0..<screen.rows { #expect(mirror.row(r) == expected[r], "row \(r)") }
    }
}
