// Turns a sequence of frames into the smallest stream of surface writes: each new frame is
// diffed against the last committed one and only changed runs are written, with one commit per
// frame. An identical frame (and cursor) emits nothing at all.

/// Diffs frames and emits changed runs to a `Surface`.
public final class Compositor {
    /// The target.
    public let surface: any Surface
    private var last: CellBuffer?
    private var lastCursor: CursorPlacement?

    /// What one `present` did.
    public struct Stats: Hashable, Sendable {
        /// Runs written.
        public var runs = 0
        /// Cells written.
        public var cells = 0
        /// Whether the frame was committed (false when nothing changed).
        public var committed = false
    }

    /// Creates a compositor that draws on `surface`.
    public init(surface: any Surface) {
        self.surface = surface
    }

    /// Forgets the last frame so the next `present` repaints everything (after a terminal reset).
    public func invalidate() { last = nil }

    /// Shows `frame` with the cursor at `cursor` (hidden if nil). Returns what was emitted.
    @discardableResult
    public func present(_ frame: CellBuffer, cursor: CursorPlacement?) -> Stats {
        var stats = Stats()
        if let last, last == frame, cursor == lastCursor { return stats }
        let previous: CellBuffer
        if let last, last.size == frame.size {
            previous = last
        } else {
            surface.clear()
            previous = CellBuffer(size: frame.size)
        }
        for r in 0..<frame.size.rows {
            let cells = frame.row(r)
            let base = cells.startIndex
            for run in Self.changedRuns(old: previous.row(r), new: cells) {
                surface.write(
                    row: r, col: run.lowerBound, cells: cells[(base + run.lowerBound)..<(base + run.upperBound)])
                stats.runs += 1
                stats.cells += run.count
            }
        }
        surface.placeCursor(cursor)
        surface.commit()
        stats.committed = true
        last = frame
        lastCursor = cursor
        return stats
    }

    /// Column ranges where `new` differs from `old`, widened so that a wide character is always
    /// written together with its continuation cell.
    static func changedRuns(old: ArraySlice<FrameCell>, new: ArraySlice<FrameCell>) -> [Range<Int>] {
        let o = Array(old)
        let n = Array(new)
        var runs: [Range<Int>] = []
        var c = 0
        while c < n.count {
            guard c >= o.count || o[c] != n[c] else {
                c += 1
                continue
            }
            var start = c
            if n[start].isContinuation && start > 0 { start -= 1 }
            var end = c + 1
            while end < n.count && (end >= o.count || o[end] != n[end] || n[end].isContinuation) { end += 1 }
            if let lastRun = runs.last, lastRun.upperBound >= start {
                runs[runs.count - 1] = lastRun.lowerBound..<end
            } else {
                runs.append(start..<end)
            }
            c = end
        }
        return runs
    }
}
