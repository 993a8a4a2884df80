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
        let previous = last.flatMap { $0.size == frame.size ? $0 : nil }
        let old = previous ?? CellBuffer(size: frame.size)
        var changes: [(row: Int, runs: [Range<Int>])] = []
        for r in 0..<frame.size.rows {
            let runs = Self.changedRuns(old: old.row(r), new: frame.row(r))
            if !runs.isEmpty { changes.append((r, runs)) }
        }
        if previous != nil, changes.isEmpty, cursor == lastCursor { return stats }
        if previous == nil { surface.clear() }
        for (r, runs) in changes {
            let cells = frame.row(r)
            let base = cells.startIndex
            for run in runs {
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
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in changedRuns(old: old, new: new) }
        }
    }

    private static func changedRuns(
        old: UnsafeBufferPointer<FrameCell>, new: UnsafeBufferPointer<FrameCell>
    ) -> [Range<Int>] {
        let oldCount = old.count
        let count = new.count
        // A row that did not change (most of them, once the tiles are quiet) is one memcmp.
        if oldCount == count, CellBits.same(old, new) { return [] }
        func differs(_ c: Int) -> Bool { c >= oldCount || !CellBits.same(old, c, new, c) }
        var runs: [Range<Int>] = []
        var c = 0
        while c < count {
            guard differs(c) else {
                c += 1
                continue
            }
            var start = c
            if new[start].isContinuation && start > 0 { start -= 1 }
            var end = c + 1
            while end < count && (differs(end) || new[end].isContinuation) { end += 1 }
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
