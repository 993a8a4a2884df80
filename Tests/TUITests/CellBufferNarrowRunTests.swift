// `setNarrowRun` is `set` cell by cell for runs of one-column cells: over rows holding wide
// characters that the run covers, cuts at either end or leaves alone, the grids must be equal.
import ClientCore
import TestSupport
import Testing

@testable import TUI

@Suite struct CellBufferNarrowRunTests {
    private static let styles = [Style.plain, Style(fg: .indexed(2)), Style(bg: .indexed(4), attrs: [.bold])]

    private static func randomRow(_ rng: inout SeededGenerator, cols: Int) -> CellBuffer {
        var frame = CellBuffer(size: GridSize(cols: cols, rows: 1))
        var col = 0
        while col < cols {
            let style = styles.randomElement(using: &rng) ?? .plain
            if Bool.random(using: &rng), col + 1 < cols {
                frame.set(FrameCell(text: "漢", width: 2, style: style), row: 0, col: col)
                col += 2
            } else {
                frame.set(FrameCell(text: "x", style: style), row: 0, col: col)
                col += 1
            }
        }
        return frame
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func aNarrowRunIsSetCellByCell(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let cols = 12
        var fast = Self.randomRow(&rng, cols: cols)
        var slow = fast
        let col = Int.random(in: 0..<cols, using: &rng)
        let count = Int.random(in: 0...(cols - col), using: &rng)
        let run = (0..<count).map { n in
            FrameCell(text: String(UnicodeScalar(UInt8(0x61 + n))), style: Self.styles[n % Self.styles.count])
        }
        let taken = fast.setNarrowRun(run[...], row: 0, col: col)
        #expect(taken)
        for (n, cell) in run.enumerated() { slow.set(cell, row: 0, col: col + n) }
        #expect(fast == slow, "seed \(seed): col \(col), \(count) cells")
    }

    @Test func aRunWithAWideCellOrPastTheEdgeIsLeftToTheCaller() {
        var frame = CellBuffer(size: GridSize(cols: 6, rows: 1))
        let before = frame
        let wide = [FrameCell(text: "a"), FrameCell(text: "漢", width: 2)]
        let long = Array(repeating: FrameCell(text: "a"), count: 4)
        let taken = [
            frame.setNarrowRun(wide[...], row: 0, col: 0), frame.setNarrowRun(long[...], row: 0, col: 3),
            frame.setNarrowRun(long[...], row: 1, col: 0),
        ]
        #expect(taken == [false, false, false])
        #expect(frame == before, "a refused run wrote something")
    }
}
