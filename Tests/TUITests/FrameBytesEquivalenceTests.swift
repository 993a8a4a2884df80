// The compositor's diff and the frame writer compare cells by their bytes first (CellBits). Two
// seeded checks against definitions that do not: the changed runs cover exactly the cells that
// differ by `==` (and keep wide characters whole), and the bytes the writer produces, fed to a
// terminal emulator, draw every cell of the frame with its text and style.

import ClientCore
import TerminalScreen
import TestSupport
import Testing

@testable import TUI

@Suite struct FrameBytesEquivalenceTests {
    static let styles: [Style] = [
        .plain, Style(fg: .indexed(1)), Style(fg: .indexed(200), bg: .indexed(4)),
        Style(fg: .rgb(10, 20, 30)), Style(bg: .rgb(250, 0, 7), attrs: [.bold]),
        Style(attrs: [.italic, .underline]), Style(fg: .indexed(2), attrs: [.reverse]), Style(attrs: [.strike]),
    ]
    static let narrow = ["a", "b", "x", " ", "é", "─", "?"]
    static let wide = ["漢", "界", "🤖"]

    /// A row of `cols` random cells drawn as views draw them (wide characters through `set`).
    static func row(cols: Int, _ random: inout SeededGenerator) -> CellBuffer {
        var buffer = CellBuffer(size: GridSize(cols: cols, rows: 1))
        for col in 0..<cols {
            let style = styles[Int.random(in: 0..<styles.count, using: &random)]
            if Int.random(in: 0..<8, using: &random) == 0 {
                let text = wide[Int.random(in: 0..<wide.count, using: &random)]
                buffer.set(FrameCell(text: text, width: 2, style: style), row: 0, col: col)
            } else if Int.random(in: 0..<3, using: &random) > 0 || col == 0 {
                let text = narrow[Int.random(in: 0..<narrow.count, using: &random)]
                buffer.set(FrameCell(text: text, style: style), row: 0, col: col)
            }
        }
        return buffer
    }

    /// `base` with a few cells changed (most rows of a real frame differ in a few places).
    static func mutated(_ base: CellBuffer, _ random: inout SeededGenerator) -> CellBuffer {
        var buffer = base
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let fresh = row(cols: base.size.cols, &random)
            let col = Int.random(in: 0..<base.size.cols, using: &random)
            // Views set lead cells; `set` writes the continuation of a wide one itself.
            guard !fresh[0, col].isContinuation else { continue }
            buffer.set(fresh[0, col], row: 0, col: col)
        }
        return buffer
    }

    @Test func changedRunsCoverExactlyTheCellsThatDiffer() {
        var random = SeededGenerator(seed: 0x5EED_F00D)
        for _ in 0..<2_000 {
            let cols = Int.random(in: 1...40, using: &random)
            let old = Self.row(cols: cols, &random)
            let new =
                Int.random(in: 0..<2, using: &random) == 0 ? Self.mutated(old, &random) : Self.row(cols: cols, &random)
            let runs = Compositor.changedRuns(old: old.row(0), new: new.row(0))
            var covered = Array(repeating: false, count: cols)
            for run in runs { for c in run { covered[c] = true } }
            for c in 0..<cols where old[0, c] != new[0, c] {
                #expect(covered[c], "column \(c) changed but is in no run \(runs)")
            }
            for run in runs {
                #expect(!new[0, run.lowerBound].isContinuation, "a run starts inside a wide character")
                #expect(run.upperBound == cols || !new[0, run.upperBound].isContinuation, "a run ends inside one")
                // A run is there for a change: some cell in it differs.
                #expect(run.contains { old[0, $0] != new[0, $0] }, "run \(run) changes nothing")
            }
        }
    }

    @Test func theWrittenBytesDrawEveryCellOfTheFrame() {
        var random = SeededGenerator(seed: 0xF4A3_E5)
        for round in 0..<200 {
            let cols = 30
            let rows = 6
            let screen = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 0)
            var writer = FrameWriter(encoder: SGREncoder(styledUnderlines: true))
            writer.clear()
            var expected: [CellBuffer] = []
            for r in 0..<rows {
                let line = Self.row(cols: cols, &random)
                expected.append(line)
                // Split into runs at random, as the compositor hands them over.
                var start = 0
                while start < cols {
                    let end = min(cols, start + Int.random(in: 1...cols, using: &random))
                    writer.write(row: r, col: start, cells: line.row(0)[start..<end])
                    start = end
                }
            }
            screen.feed(writer.take())
            for r in 0..<rows {
                for c in 0..<cols {
                    let want = expected[r][0, c]
                    let got = TerminalScreenMirror.convert(screen.cell(row: r, col: c))
                    #expect(got.text == want.text, "round \(round), row \(r), col \(c)")
                    #expect(got.width == want.width, "round \(round), row \(r), col \(c)")
                    if !want.isContinuation {
                        #expect(got.style == want.style, "round \(round), row \(r), col \(c): \(got.style)")
                    }
                }
            }
        }
    }

    @Test func cursorMovesSpellTheirNumbers() {
        for value in [0, 1, 9, 10, 99, 100, 101, 999, 1000, 1234, 65535] {
            var bytes: [UInt8] = []
            FrameWriter.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    /// The writer's same-style shortcut needs a cell's width and style after its glyph; if a
    /// change to `FrameCell` moves them, the shortcut is off (correct, but slower).
    @Test func aCellsWidthAndStyleFollowItsGlyph() {
        #expect(CellBits.widthOffset == MemoryLayout<Glyph>.size)
    }
}
