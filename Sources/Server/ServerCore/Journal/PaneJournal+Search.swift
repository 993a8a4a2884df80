// Search over a pane's past screens: the journal is replayed from its first keyframe and its
// screen is looked at where the program left it (at the end of a burst of output, before a
// keyframe that starts over, at the end), before a screenful of new lines could scroll a line
// away, and at least once a second of output (a line redrawn in place); a hit is a moment a line
// showing the text came on screen, not every screen that still showed it. Case is ignored.
import TerminalScreen

/// A moment a past screen came to show a text.
public struct JournalSearchHit: Sendable, Equatable {
    /// The moment (µs since the epoch): the last record of that screen.
    public var us: Int64
    /// The first new line showing the text: its row, the column of the text in it, its text.
    public var row: Int
    /// The column, in cells.
    public var col: Int
    /// The line.
    public var line: String
}

extension PaneJournal {
    /// The moments `query` came on screen, oldest first: the newest `limit` of them, and whether
    /// older ones were left out.
    func search(_ query: String, limit: Int) -> (hits: [JournalSearchHit], truncated: Bool) {
        let needle = query.lowercased()
        guard !needle.isEmpty, limit > 0 else { return ([], false) }
        var screen: TerminalScreen?
        var shown: Set<String> = []
        var hits: [JournalSearchHit] = []
        var truncated = false
        var lastUs: Int64 = 0
        var drawn = false
        var lastLookUs: Int64?
        func look() {
            lastLookUs = lastUs
            guard drawn, let screen else { return }
            drawn = false
            var lines: Set<String> = []
            var first: JournalSearchHit?
            for row in 0..<screen.rows {
                let text = screen.text(row: row)
                let lowered = text.lowercased()
                guard let range = lowered.range(of: needle) else { continue }
                lines.insert(text)
                if first == nil, !shown.contains(text) {
                    let col = Self.column(
                        lowered.distance(from: lowered.startIndex, to: range.lowerBound), row: row, of: screen)
                    first = JournalSearchHit(us: lastUs, row: row, col: col, line: text)
                }
            }
            shown = lines
            guard let first else { return }
            hits.append(first)
            if hits.count > limit {
                hits.removeFirst()
                truncated = true
            }
        }
        var newlines = 0
        walk(from: nil) { record, us in
            if lastLookUs == nil { lastLookUs = us }
            switch record {
            case .output(let bytes):
                if us - lastUs > Self.burstGapUs { look() }
                lastUs = us
                guard let screen else { return true }
                // Looked at before a screenful of new lines can scroll any line away, and at
                // least once a second of output (a line redrawn in place, a spinner's).
                var start = 0
                for index in bytes.indices where bytes[index] == 0x0A {
                    newlines += 1
                    guard newlines >= screen.rows - 1 else { continue }
                    screen.feed(bytes[start...index])
                    drawn = true
                    look()
                    newlines = 0
                    start = index + 1
                }
                if start < bytes.count {
                    screen.feed(bytes[start...])
                    drawn = true
                }
                _ = screen.takeOutput()
                if us - (lastLookUs ?? us) >= 1_000_000 { look() }
                return true
            case .keyframe(let rows, let cols, _, let fresh):
                let over = fresh || screen.map { $0.rows != rows || $0.cols != cols } ?? true
                if over { look() }
                drawn = drawn || over
            case .mark: return true
            }
            Self.apply(record, to: &screen)
            lastUs = us
            return true
        }
        look()
        return (hits, truncated)
    }

    /// The cell column of the `index`th character of `row`'s text (a wide character takes two).
    private static func column(_ index: Int, row: Int, of screen: TerminalScreen) -> Int {
        var characters = 0
        for (col, cell) in screen.row(row).enumerated() where !cell.isContinuation {
            if characters == index { return col }
            characters += 1
        }
        return index
    }
}
