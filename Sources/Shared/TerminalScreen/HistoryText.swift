// The searchable text of one screen's history (scrollback, then screen rows), for the search
// across every session. Scrollback lines never change once pushed, so each is converted once,
// when it is new: its case-folded UTF-8 goes into one buffer, lines separated by "\n", which a
// search scans in one pass instead of one per line. Screen rows change, and
// are few: they are converted again whenever the screen changed.
//
// Lines are built as `TerminalScreen.search` sees them (wide characters once, blank cells as
// spaces, trailing ones kept: a query typed up to a space matches a line's end there too) and
// case-folded like it, so the n-th occurrence from the newest here is the n-th match from the
// newest there (what `ScrollbackState.match` counts).
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Case-folded text of a screen's history, kept current at the cost of what changed.
public final class HistoryText {
    /// Folded scrollback lines, each followed by "\n"; lines before `firstKept` are dropped ones.
    private var bytes: [UInt8] = []
    /// Offset in `bytes` where each kept-or-dropped scrollback line starts.
    private var starts: [Int] = []
    /// Lines at the front of `starts` that the screen no longer keeps.
    private var dropped = 0
    /// The screen indexed (another one, a session's stream reopened, is read afresh).
    private var follower = ScrollbackFollower()
    private var rows: [[UInt8]] = []
    private var rowsGeneration: Int?

    /// An empty index; `update(from:)` fills it.
    public init() {}

    /// Scrollback lines indexed.
    public var scrollbackCount: Int { starts.count - dropped }

    /// Brings the index up to date with `screen`, converting only lines it has not seen.
    public func update(from screen: TerminalScreen) {
        let kept = screen.scrollbackCount
        if let fresh = follower.freshLines(of: screen) {
            for index in (kept - fresh)..<kept { append(screen.scrollbackLine(index)) }
        } else {
            if follower.source !== screen { rowsGeneration = nil }
            bytes.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            dropped = 0
            for index in 0..<kept { append(screen.scrollbackLine(index)) }
        }
        dropped = starts.count - kept
        if dropped > 4096 && dropped * 2 > starts.count { compact() }
        follower.caughtUp(with: screen)
        if rowsGeneration != screen.contentGeneration || rows.count != screen.rows {
            rows = (0..<screen.rows).map { Self.folded(Self.searchText(of: screen.row($0))) }
            rowsGeneration = screen.contentGeneration
        }
    }

    /// Lines `update(from:)` would convert for `screen` now (all of its scrollback when the
    /// index holds another screen or must be rebuilt): what bringing this index up to date costs.
    public func backlog(of screen: TerminalScreen) -> Int {
        follower.freshLines(of: screen) ?? screen.scrollbackCount
    }

    /// History lines (0 = oldest kept scrollback line, then the screen rows) holding `needle`,
    /// one entry per non-overlapping occurrence, oldest first. `needle` must be `folded`.
    public func occurrences(of needle: [UInt8]) -> [Int] {
        occurrences(of: needle, newest: .max).lines
    }

    /// Every non-overlapping occurrence of `needle` counted, and the lines of the newest
    /// `newest` of them (oldest first): only those lines are looked up, so a query that matches
    /// millions of times (one letter) costs a count, not a line number per match.
    public func occurrences(of needle: [UInt8], newest: Int) -> (total: Int, lines: [Int]) {
        guard !needle.isEmpty else { return (0, []) }
        let scrollback = scrollbackCount
        var rowLines: [Int] = []
        for (row, text) in rows.enumerated() {
            for _ in 0..<Self.count(needle, in: text) { rowLines.append(scrollback + row) }
        }
        let wanted = max(newest - rowLines.count, 0)
        let base = dropped < starts.count ? starts[dropped] : bytes.count
        let (total, offsets) = bytes.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pattern in Self.scan(hay, from: base, for: pattern, keeping: wanted) }
        }
        var lines: [Int] = []
        lines.reserveCapacity(offsets.count + rowLines.count)
        var line = dropped
        for offset in offsets {
            line = Self.line(containing: offset, in: starts, from: line)
            lines.append(line - dropped)
        }
        lines += rowLines.suffix(newest)
        return (total + rowLines.count, lines)
    }

    /// Counts the pattern's non-overlapping occurrences in `hay` from `base` and returns the
    /// offsets of the last `keeping` of them, in order.
    private static func scan(
        _ hay: UnsafeRawBufferPointer, from base: Int, for pattern: UnsafeRawBufferPointer, keeping: Int
    ) -> (Int, [Int]) {
        guard let hayBase = hay.baseAddress, let patternBase = pattern.baseAddress, base < hay.count else {
            return (0, [])
        }
        if pattern.count == 1 { return scanByte(hay, from: base, byte: pattern[0], keeping: keeping) }
        var total = 0
        var ring: [Int] = []
        var head = 0
        var offset = base
        while let at = find(pattern: patternBase, count: pattern.count, in: hayBase, count: hay.count, from: offset) {
            total += 1
            if ring.count < keeping {
                ring.append(at)
            } else if keeping > 0 {
                ring[head] = at
                head = (head + 1) % keeping
            }
            offset = at + pattern.count
        }
        return (total, Array(ring[head...] + ring[..<head]))
    }

    /// `scan` for a one-byte pattern: a plain count (which the compiler vectorises), then the
    /// last `keeping` offsets found walking back from the end.
    private static func scanByte(
        _ hay: UnsafeRawBufferPointer, from base: Int, byte: UInt8, keeping: Int
    ) -> (Int, [Int]) {
        var total = 0
        for value in hay[base...] where value == byte { total += 1 }
        var offsets: [Int] = []
        var index = hay.count - 1
        while index >= base, offsets.count < min(keeping, total) {
            if hay[index] == byte { offsets.append(index) }
            index -= 1
        }
        return (total, offsets.reversed())
    }

    /// The case-folded UTF-8 of `text`, as lines and needles are compared.
    public static func folded(_ text: String) -> [UInt8] { Array(text.lowercased().utf8) }

    private func append(_ cells: [Cell]) {
        starts.append(bytes.count)
        bytes.append(contentsOf: Self.folded(Self.searchText(of: cells)))
        bytes.append(0x0A)
    }

    /// The text `TerminalScreen.search` matches in a line: each cell once, blank ones as spaces
    /// (unlike `TerminalScreen.text(of:)`, trailing ones are kept).
    private static func searchText(of cells: [Cell]) -> String {
        var text = ""
        for cell in cells where !cell.isContinuation {
            if cell.text.isEmpty { text.append(" ") } else { text.append(cell.text) }
        }
        return text
    }

    private func compact() {
        let cut = starts[dropped]
        bytes.removeFirst(cut)
        starts = starts[dropped...].map { $0 - cut }
        dropped = 0
    }

    /// The offset of the first occurrence of the pattern at or after `start`: `memchr` (vectorised
    /// in glibc) finds each candidate first byte, `memcmp` checks the rest. (`memmem` is a GNU
    /// extension that Swift's Glibc module does not export.)
    private static func find(
        pattern: UnsafeRawPointer, count patternCount: Int, in hay: UnsafeRawPointer, count hayCount: Int,
        from start: Int
    ) -> Int? {
        let first = Int32(pattern.load(as: UInt8.self))
        var offset = start
        while hayCount - offset >= patternCount {
            guard let hit = memchr(hay + offset, first, hayCount - offset - patternCount + 1) else { return nil }
            let at = hay.distance(to: UnsafeRawPointer(hit))
            if memcmp(hay + at, pattern, patternCount) == 0 { return at }
            offset = at + 1
        }
        return nil
    }

    /// The line whose bytes hold `offset`, searching forward from `line` (offsets only grow).
    private static func line(containing offset: Int, in starts: [Int], from line: Int) -> Int {
        var low = line
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    private static func count(_ needle: [UInt8], in text: [UInt8]) -> Int {
        guard text.count >= needle.count else { return 0 }
        var found = 0
        var start = 0
        while start + needle.count <= text.count {
            if text[start..<(start + needle.count)].elementsEqual(needle) {
                found += 1
                start += needle.count
            } else {
                start += 1
            }
        }
        return found
    }
}
