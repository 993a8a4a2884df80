// A Surface for tests: it records every call and keeps the resulting screen so that it can be
// rendered as text and compared with golden frames. It lives in TestSupport, not in the product.

import ClientCore
import TUI

/// A recording, in-memory `Surface`.
public final class RecordingSurface: Surface {
    /// One recorded call.
    public enum Call: Hashable, Sendable {
        /// `write` with the run's position and its cell count.
        case write(row: Int, col: Int, count: Int)
        /// `clear`.
        case clear
        /// `placeCursor`.
        case cursor(CursorPlacement?)
        /// `commit`.
        case commit
    }

    /// The size reported to the compositor (tests change it to simulate a resize).
    public var size: GridSize
    /// Every call since creation or the last `resetCalls()`.
    public private(set) var calls: [Call] = []
    /// What the screen shows now.
    public private(set) var screen: CellBuffer
    /// The cursor after the last `placeCursor`.
    public private(set) var cursor: CursorPlacement?

    /// Creates a blank surface of `size`.
    public init(size: GridSize) {
        self.size = size
        screen = CellBuffer(size: size)
    }

    /// The number of `write` calls recorded.
    public var writeCount: Int { calls.filter { if case .write = $0 { true } else { false } }.count }

    /// The number of cells written by all recorded `write` calls.
    public var cellsWritten: Int {
        calls.reduce(0) { total, call in
            if case .write(_, _, let count) = call { return total + count }
            return total
        }
    }

    /// Forgets recorded calls (the screen stays).
    public func resetCalls() { calls.removeAll() }

    public func write(row: Int, col: Int, cells: ArraySlice<FrameCell>) {
        calls.append(.write(row: row, col: col, count: cells.count))
        var x = col
        for cell in cells {
            screen[row, x] = cell
            x += 1
        }
    }

    public func clear() {
        calls.append(.clear)
        screen = CellBuffer(size: size)
    }

    public func placeCursor(_ cursor: CursorPlacement?) {
        calls.append(.cursor(cursor))
        self.cursor = cursor
    }

    public func commit() { calls.append(.commit) }

    /// The screen as text, one line per row, trailing spaces removed.
    public func text() -> String { screen.text() }
}
