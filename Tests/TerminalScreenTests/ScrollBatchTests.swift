// Plain lines at the bottom are scrolled in one step (ScrollBatchPlan, TerminalScreen+ScrollBatch):
// the plan's rules, the guard's tracking of the scroll region, and, above all, that a screen fed
// with batching shows exactly what one fed without it shows (every cell with its attributes, the
// cursor, every scrollback line) for seeded streams mixing plain lines with everything that must
// stop a batch: regions, margins, colours left set at a line feed, wraps, cursor moves, the
// alternate screen, resizes, resets, joining marks cut from their glyph.

import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Scroll batching", .ownThread)
struct ScrollBatchTests {
    private func plan(_ text: String, column: Int = 0, columns: Int = 20, max: Int = 10) -> ScrollBatchPlan? {
        Array(text.utf8).withUnsafeBytes {
            ScrollBatchPlan.scan($0, startColumn: column, columns: columns, maxLineFeeds: max)
        }
    }

    @Test func plainLinesAreCountedUpToTheLastLineFeed() {
        #expect(plan("ab\r\ncd\r\nef") == ScrollBatchPlan(lineFeeds: 2, end: 8))
        #expect(plan("ab\ncd\nx") == ScrollBatchPlan(lineFeeds: 2, end: 6))
        #expect(plan("a\r\nb\r\nc\r\nd\r\n", max: 3) == ScrollBatchPlan(lineFeeds: 3, end: 9))
        #expect(plan("only one\r\nline") == nil)
    }

    @Test func aPenLeftSetAtALineFeedEndsTheRun() {
        #expect(plan("\(esc)[31mred\(esc)[0m\r\n\(esc)[1mb\(esc)[m\r\nx") == ScrollBatchPlan(lineFeeds: 2, end: 24))
        #expect(plan("a\r\nb\r\n\(esc)[31mc\r\nd\r\n") == ScrollBatchPlan(lineFeeds: 2, end: 6))
        #expect(plan("\(esc)[38:5:1mx\(esc)[0;0m\r\ny\r\nz\(esc)[0;4m\r\n") == ScrollBatchPlan(lineFeeds: 2, end: 21))
    }

    @Test func anythingButTextCRAndSGREndsTheRun() {
        #expect(plan("a\r\nb\r\n\tc\r\nd\r\n")?.lineFeeds == 2)
        #expect(plan("a\r\nb\r\n\(esc)[2Kc\r\nd\r\n")?.lineFeeds == 2)
        #expect(plan("a\r\nb\(esc)[?25l\r\nc\r\n") == nil)
        #expect(plan("a\r\nb\u{8}\r\nc\r\n") == nil)
        #expect(plan("a\r\nb\r\n\(esc)[3") == ScrollBatchPlan(lineFeeds: 2, end: 6))
    }

    @Test func textMustStayLeftOfTheLastColumn() {
        #expect(plan("12345678\r\n123456789012345678\r\nx\r\n", columns: 20) == ScrollBatchPlan(lineFeeds: 3, end: 33))
        #expect(plan("12345678\r\n1234567890123456789\r\nx\r\n", columns: 20) == nil)
        // The first line starts in the cursor's column; a line fed without CR continues there.
        #expect(plan("abc\r\nd\r\n", column: 15, columns: 20)?.lineFeeds == 2)
        #expect(plan("abcd\r\ne\r\n", column: 15, columns: 20) == nil)
        #expect(plan("abcd\nefg\nh\n", columns: 8) == nil)
        #expect(plan("abcd\r\nefg\r\nh\r\n", columns: 8)?.lineFeeds == 3)
        // Text after a line feed left in mid-row moves the cursor on (the line feed joins the
        // run) as far as it fits: from the second byte here, not at all in the last case.
        #expect(plan("ab\ncd\nefghijk", columns: 8) == ScrollBatchPlan(lineFeeds: 2, end: 6))
        #expect(plan("a\r\nab\r\n123456\nx", columns: 8) == ScrollBatchPlan(lineFeeds: 2, end: 7))
        // A UTF-8 lead byte counts two columns, a continuation byte none.
        #expect(plan("x漢字漢字\r\nx\r\n", columns: 11)?.lineFeeds == 2)
        #expect(plan("x漢字漢字é\r\nx\r\n", columns: 11) == nil)
    }

    /// libvterm joins a mark to the glyph the cursor has just left, even across line feeds at the
    /// bottom: a line feed counts once the cursor is in column 0 or has moved on.
    @Test func aLineFeedCountsOnceNothingCanJoinAcrossIt() {
        #expect(plan("ab\ncd\n") == nil)
        #expect(plan("ab\r\ncd\n\u{301}x\r\n") == nil)
        #expect(plan("ab\r\ncd\n\(esc)[m\u{200D}x\r\n") == nil)
        #expect(plan("ab\r\ncd\r\n\u{301}") == ScrollBatchPlan(lineFeeds: 2, end: 8))
        #expect(plan("ab\r\ncd\n漢\r\n") == ScrollBatchPlan(lineFeeds: 3, end: 12))
        // A piece that starts with a scalar other than ASCII may join the previous piece's last cell.
        #expect(plan("é\r\nab\r\ncd\r\n") == nil)
        #expect(plan("\r\r\nab\r\ncd\r\n") == ScrollBatchPlan(lineFeeds: 3, end: 11))
    }

    @Test func theGuardFollowsTheScrollRegionAndMargins() {
        let screen = TerminalScreen(rows: 10, cols: 20)
        func whole() -> Bool { screen.inputGuard.scrollsWholeScreen(rows: 10) }
        #expect(whole())
        for (sequence, expected) in [
            ("\(esc)[2;5r", false), ("\(esc)[r", true), ("\(esc)[1;10r", true), ("\(esc)[;9r", false),
            ("\(esc)[0;10r", true), ("\(esc)[5;3r", true), ("\(esc)[1;99r", true), ("\(esc)[1:2r", false),
            ("\(esc)[r", true), ("\(esc)[?69h", false), ("\(esc)[?69l", true), ("\(esc)[3;4r\(esc)[!p", false),
            ("\(esc)[r", true),
            ("\(esc)[?1049;69h", false), ("\(esc)c", true), ("\(esc)[2;5r", false),
        ] {
            screen.feed(sequence)
            #expect(whole() == expected, "\(sequence.replacingEscapes())")
        }
        screen.resize(rows: 8, cols: 20)
        #expect(whole())
    }

    /// A coloured log at the bottom scrolls in batches and leaves the same screen and scrollback.
    @Test func aColouredLogIsBatchedAndShowsTheSame() {
        var log = ""
        for line in 0..<200 {
            log += "\(esc)[3\(line % 8)m\(line)\(esc)[0m build step 漢字 \(esc)[1mok\(esc)[m\r\n"
        }
        let (batched, plain) = Self.feedBoth(rows: 12, cols: 40, scrollback: 500, pieces: Self.chunks(log, size: 700))
        Self.expectSame(batched, plain, "log")
        #expect(batched.batchedLineFeeds > 150)
        #expect(plain.batchedLineFeeds == 0)
        #expect(batched.scrollbackCount == 189)
    }

    /// Seeded streams: every way a batch must stop, cut into random chunks.
    @Test(arguments: 0..<12)
    func seededStreamsShowTheSameWithAndWithoutBatching(block: Int) {
        var batchedTotal = 0
        for seed in (block * 40)..<(block * 40 + 40) {
            var rng = SeededGenerator(seed: UInt64(seed))
            let rows = Int.random(in: 3...10, using: &rng)
            let cols = Int.random(in: 4...30, using: &rng)
            let batched = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 300)
            let plain = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 300)
            plain.scrollBatching = false
            var stream: [UInt8] = []
            for _ in 0..<Int.random(in: 20...120, using: &rng) {
                if Int.random(in: 0..<40, using: &rng) == 0 {
                    let newRows = Int.random(in: 3...10, using: &rng)
                    let newCols = Int.random(in: 4...30, using: &rng)
                    for piece in Self.randomChunks(stream, using: &rng) {
                        batched.feed(piece)
                        plain.feed(piece)
                    }
                    batched.resize(rows: newRows, cols: newCols)
                    plain.resize(rows: newRows, cols: newCols)
                    stream.removeAll()
                }
                stream += Self.randomPiece(cols: cols, using: &rng)
            }
            let cuts = Self.randomChunks(stream, using: &rng)
            for piece in cuts {
                batched.feed(piece)
                plain.feed(piece)
            }
            Self.expectSame(batched, plain, "seed \(seed)")
            batchedTotal += batched.batchedLineFeeds
        }
        #expect(batchedTotal > 25, "the streams must exercise batching")
    }

    // MARK: Helpers

    private static func feedBoth(
        rows: Int, cols: Int, scrollback: Int, pieces: [[UInt8]]
    ) -> (TerminalScreen, TerminalScreen) {
        let batched = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: scrollback)
        let plain = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: scrollback)
        plain.scrollBatching = false
        for piece in pieces {
            batched.feed(piece)
            plain.feed(piece)
        }
        return (batched, plain)
    }

    private static func expectSame(_ batched: TerminalScreen, _ plain: TerminalScreen, _ label: String) {
        #expect(batched.cursor == plain.cursor, "\(label): cursor")
        #expect(batched.isAltScreen == plain.isAltScreen, "\(label): alternate screen")
        for row in 0..<plain.rows where batched.row(row) != plain.row(row) {
            Issue.record("\(label): row \(row): \(batched.text(row: row)) | \(plain.text(row: row))")
        }
        #expect(batched.scrollbackCount == plain.scrollbackCount, "\(label): scrollback size")
        for index in 0..<min(batched.scrollbackCount, plain.scrollbackCount)
        where batched.scrollbackLine(index) != plain.scrollbackLine(index) {
            let texts = { (line: [Cell]) in line.map { "\($0.text.debugDescription)/\($0.width)/\($0.bg)" } }
            Issue.record(
                "\(label): scrollback line \(index): \(texts(batched.scrollbackLine(index))) | \(texts(plain.scrollbackLine(index)))"
            )
        }
    }

    private static func chunks(_ text: String, size: Int) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    private static func randomChunks(_ bytes: [UInt8], using rng: inout SeededGenerator) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...200, using: &rng))
            pieces.append(Array(bytes[start..<end]))
            start = end
        }
        return pieces
    }

    private static let words = [
        "log", "build", "ok", "a b", "é", "漢", "🚀", "e\u{301}", "\u{301}", "x\u{200D}", "❤\u{FE0F}",
    ]

    /// Mostly plain lines, often coloured and reset, with everything that must stop a batch.
    private static func randomPiece(cols: Int, using rng: inout SeededGenerator) -> [UInt8] {
        let text: String
        switch Int.random(in: -40..<100, using: &rng) {
        case -40..<45:
            var line = ""
            for _ in 0..<Int.random(in: 0...4, using: &rng) { line += words.randomElement(using: &rng) ?? "" }
            text = line + (Int.random(in: 0..<4, using: &rng) > 0 ? "\r\n" : "\n")
        case 45..<55: text = "\(esc)[3\(Int.random(in: 0...7, using: &rng))m"
        case 55..<65: text = Bool.random(using: &rng) ? "\(esc)[0m" : "\(esc)[m"
        case 65..<68: text = "\(esc)[4\(Int.random(in: 0...7, using: &rng));1;7m"
        case 68..<70: text = "\(esc)[38;2;1;2;3;48;5;200m"
        case 70..<73: text = String(repeating: "w", count: Int.random(in: cols - 3...cols + 3, using: &rng))
        case 73..<76: text = "\(esc)[\(Int.random(in: 1...4, using: &rng));\(Int.random(in: 3...12, using: &rng))r"
        case 76..<78: text = "\(esc)[r"
        case 78..<80: text = "\(esc)[?69h\(esc)[2;\(Int.random(in: 2...8, using: &rng))s"
        case 80..<82: text = "\(esc)[?69l"
        case 82..<84: text = "\(esc)[\(Int.random(in: 1...12, using: &rng));\(Int.random(in: 1...30, using: &rng))H"
        case 84..<86: text = Bool.random(using: &rng) ? "\(esc)[?1049h" : "\(esc)[?1049l"
        case 86..<88:
            text =
                ["\t", "\u{8}", "\r", "\(esc)7", "\(esc)8", "\(esc)[4h", "\(esc)[4l"].randomElement(using: &rng) ?? ""
        case 88..<90:
            text =
                [
                    "\(esc)[2J", "\(esc)[K", "\(esc)[3S", "\(esc)M", "\(esc)D", "\(esc)[44m\(esc)[K\(esc)[0m",
                    "\(esc)[3X",
                ]
                .randomElement(using: &rng) ?? ""
        case 90: text = Bool.random(using: &rng) ? "\(esc)[!p" : "\(esc)c"
        case 91..<93: text = "\(esc)[?7l"
        case 93..<95: text = "\(esc)[?7h"
        case 95..<97: text = "\(esc)[20h"
        case 97..<99: text = "\(esc)[20l"
        default: text = "\(esc)[?6h"
        }
        return Array(text.utf8)
    }
}
