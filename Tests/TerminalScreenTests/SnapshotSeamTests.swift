// The seam of a pane stream, on the emulator alone: a seeded stream is cut at random points; the
// screen that saw the bytes before the cut is encoded (its ScreenImage) onto a reset screen, which
// is then fed the bytes after the cut. It must end exactly as the screen that saw the whole
// stream: every cell, the scrollback, cursor, pen, modes. (The same property through real tmux is
// ServerCoreTests' PaneSeamTests.)

import Foundation
import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Snapshot seam", .ownThread)
struct SnapshotSeamTests {
    @Test(arguments: [(8, 20), (24, 80), (5, 12)])
    func cutAnywhere(rows: Int, cols: Int) {
        var failures: [String] = []
        for seed in UInt64(1)...Self.seeds {
            var generator = TerminalStreamGenerator(
                seed: seed &* 7919 &+ UInt64(rows), rows: rows, cols: cols, avoidingKnownLimits: true)
            let stream = generator.stream(pieces: 120)
            var cuts = SeededGenerator(seed: seed)
            let cut = Int.random(in: 0...stream.count, using: &cuts)
            if let failure = Self.seamDifference(stream, cut: cut, rows: rows, cols: cols) {
                failures.append("seed \(seed) cut \(cut)/\(stream.count): \(failure)")
            }
        }
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(Self.seeds) cuts differ:\n\(failures.prefix(8).joined(separator: "\n"))")
    }

    /// Cuts per screen size (`CLAUDEPM_SEAM_SEEDS` for a longer run).
    static let seeds = UInt64(ProcessInfo.processInfo.environment["CLAUDEPM_SEAM_SEEDS"].flatMap { Int($0) } ?? 70)

    /// Where the screen rebuilt at `cut` and fed the rest differs from one fed everything.
    static func seamDifference(_ stream: [UInt8], cut: Int, rows: Int, cols: Int) -> String? {
        let whole = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 200)
        whole.feed(stream)
        let before = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 200)
        before.feed(stream[..<cut])
        let rebuilt = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 200)
        rebuilt.feed(before.image().encoded())
        if let seam = rebuilt.image().difference(from: before.image()) { return "at the cut: \(seam)" }
        rebuilt.feed(stream[cut...])
        return rebuilt.image().difference(from: whole.image()).map { "at the end: \($0)" }
    }
}
