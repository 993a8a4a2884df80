// ScrollBatchPlan: how many line feeds at the start of a piece of output can be scrolled as one.
//
// libvterm 0.1.4 scrolls its whole cell buffer (one memmove per row, ~170 KB on a 120×40 screen)
// for every line feed on the bottom row of the scroll region: a log streaming into a tile paid
// that once per line, the largest single item in the client's profile. When the cursor sits on
// the bottom row of a full-screen region, K plain lines leave the same screen and push the same
// lines to the scrollback whether libvterm scrolls K times by one or once by K (`CSI K S`) with
// the cursor moved up K rows first (`CSI K A`): the text of each line lands on the same row of
// the final screen, the rows pushed off the top are the same rows in the same order, and every
// new row is erased alike, provided the pen is the same at every erase. This scanner finds the
// longest such run; TerminalScreen+ScrollBatch.swift checks libvterm's state and applies it.
//
// A line is plain when it holds only printable text (ASCII, or UTF-8 already made well-formed
// by `UTF8Sanitizer`), CR, and SGR sequences, never reaches the last column (so nothing wraps
// and no wrap is pending), and the pen is at its default at its line feed (the last SGR before
// it, if any, resets everything: `CSI m`, `CSI 0 m`). Widths are bounded from above: an ASCII
// byte is one column, a UTF-8 lead byte two, a continuation byte none. A run never ends with a
// line feed followed by a scalar other than ASCII before the cursor moved, nor starts with one:
// libvterm joins a combining mark to the glyph the cursor has just left, so that mark must find
// the cursor where the unbatched feed would have it (found by the seeded comparison test).
// Pure: no libvterm, no I/O.

/// The longest run of plain lines at the start of a piece that may be scrolled at once.
struct ScrollBatchPlan: Equatable {
    /// How many line feeds the run holds.
    let lineFeeds: Int
    /// The offset just after the run's last line feed.
    let end: Int

    /// Scans `bytes` from its start with the cursor in `startColumn` of a screen `columns` wide,
    /// counting at most `maxLineFeeds` line feeds. Nil when the run has fewer than two (one
    /// scroll costs the same either way).
    static func scan(
        _ bytes: UnsafeRawBufferPointer, startColumn: Int, columns: Int, maxLineFeeds: Int
    ) -> ScrollBatchPlan? {
        var scanner = Scanner(column: startColumn, lastColumn: columns - 1)
        var lineFeeds = 0
        // The run so far: it ends after a line feed once the cursor is known not to be where a
        // glyph left it (in column 0, or moved on), since libvterm might join what comes next to
        // that glyph, and a batch moves the cursor (see the header).
        var run = (lineFeeds: 0, end: 0)
        var pending: (lineFeeds: Int, end: Int)?
        var moved = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                guard scanner.penIsDefault, lineFeeds < maxLineFeeds else { break }
                lineFeeds += 1
                if scanner.column == 0 { run = (lineFeeds, index + 1) } else { pending = (lineFeeds, index + 1) }
                index += 1
            } else if byte == 0x1B {
                guard let next = scanner.sgr(bytes, from: index) else { break }
                index = next
            } else if byte >= 0x20, byte < 0x7F {
                // A run of printable ASCII at once: each byte is a column, none can join.
                let end = bytes.printableASCIIRunEnd(from: index)
                let fitting = scanner.printable(end - index)
                if fitting > 0 {
                    moved = true
                    if let line = pending { (run, pending) = (line, nil) }
                }
                guard fitting == end - index else { break }
                index = end
            } else {
                if byte >= 0x80 && (!moved || (pending != nil && Self.mayJoin(bytes, at: index))) { break }
                guard scanner.text(byte) else { break }
                moved = true
                if let line = pending { (run, pending) = (line, nil) }
                index += 1
            }
        }
        return run.lineFeeds >= 2 ? ScrollBatchPlan(lineFeeds: run.lineFeeds, end: run.end) : nil
    }

    /// Scalars libvterm 0.1.4 never joins to the glyph before (its combining table, after Markus
    /// Kuhn's, has none in these ranges): Latin, Greek and Cyrillic letters, box drawing, kana,
    /// CJK ideographs, Hangul syllables, the common emoji blocks. Any other scalar might join.
    private static let neverJoining: [ClosedRange<UInt32>] = [
        0x80...0x2FF, 0x370...0x482, 0x2500...0x259F, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF,
        0xAC00...0xD7A3, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
    ]

    /// Whether the well-formed UTF-8 scalar at `index` might be joined by libvterm to the glyph
    /// the cursor has just left (a line feed in the middle of a batch no longer leaves the cursor
    /// in the row of that glyph, as an unbatched line feed at the bottom does).
    static func mayJoin(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return true }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return !neverJoining.contains { $0.contains(value) }
    }

    /// The scan's state within the current line.
    private struct Scanner {
        /// An upper bound of the cursor's column.
        var column: Int
        /// Text must stay left of this column.
        let lastColumn: Int
        /// False after an SGR that does more than reset the pen.
        var penIsDefault = true

        /// Takes CR or a byte of UTF-8 text (printable ASCII comes in runs, `printable`); false
        /// for any other byte, or text that reaches the last column.
        mutating func text(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x0D: column = 0
            case 0x80..<0xC0: break
            case 0xC0...: column += 2
            default: return false
            }
            return column < lastColumn
        }

        /// Takes `count` printable ASCII bytes and returns how many of them fit left of the
        /// last column (all of them, or the scan stops there), as `text` would byte by byte.
        mutating func printable(_ count: Int) -> Int {
            let fitting = max(0, min(count, lastColumn - 1 - column))
            column += fitting
            return fitting
        }

        /// Takes the SGR starting at `start` (an ESC) and returns the offset after it; nil for any
        /// other sequence or one not complete in `bytes`.
        mutating func sgr(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
            guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else { return nil }
            var resets = true
            var index = start + 2
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "m"):
                    penIsDefault = resets
                    return index + 1
                case UInt8(ascii: "0"), UInt8(ascii: ";"): break
                case UInt8(ascii: "1")...UInt8(ascii: "9"), UInt8(ascii: ":"): resets = false
                default: return nil
                }
                index += 1
            }
            return nil
        }
    }
}
