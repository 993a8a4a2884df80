// A frame: a grid of cells that views draw into. The compositor diffs two frames to find what
// to send to the terminal, so drawing here is cheap and never touches the terminal.

import ClientCore

/// A grid of `FrameCell`s, row-major.
public struct CellBuffer: Hashable, Sendable {
    /// The grid size.
    public let size: GridSize
    /// The cells, `size.rows * size.cols` of them, row-major.
    public private(set) var cells: [FrameCell]

    /// A frame of `size` filled with `fill`.
    public init(size: GridSize, fill: FrameCell = .blank) {
        self.size = size
        cells = Array(repeating: fill, count: size.cols * size.rows)
    }

    /// The whole frame as a rectangle.
    public var bounds: Rect { Rect(x: 0, y: 0, width: size.cols, height: size.rows) }

    /// The cell at `row`, `col` (a blank cell outside the grid).
    public subscript(row: Int, col: Int) -> FrameCell {
        get {
            guard contains(row: row, col: col) else { return .blank }
            return cells[row * size.cols + col]
        }
        set {
            guard contains(row: row, col: col) else { return }
            cells[row * size.cols + col] = newValue
        }
    }

    /// True if `row`, `col` is inside the grid.
    public func contains(row: Int, col: Int) -> Bool {
        row >= 0 && col >= 0 && row < size.rows && col < size.cols
    }

    /// The cells of one row.
    public func row(_ row: Int) -> ArraySlice<FrameCell> {
        guard row >= 0, row < size.rows else { return [] }
        return cells[(row * size.cols)..<((row + 1) * size.cols)]
    }

    /// Paints `rect` (clipped to the grid) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: FrameCell) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for r in area.y..<area.maxY {
            for c in area.x..<area.maxX { cells[r * size.cols + c] = cell }
        }
    }

    /// Writes one cell, repairing any wide character it overlaps so the grid stays consistent.
    public mutating func set(_ cell: FrameCell, row: Int, col: Int) {
        guard contains(row: row, col: col) else { return }
        breakWide(row: row, col: col)
        if cell.width == 2 {
            guard col + 1 < size.cols else {
                self[row, col] = FrameCell(glyph: .space, style: cell.style)
                return
            }
            breakWide(row: row, col: col + 1)
            self[row, col] = cell
            self[row, col + 1] = FrameCell(glyph: .empty, width: 0, style: cell.style)
        } else {
            self[row, col] = cell
        }
    }

    /// Writes `run` from `row`, `col` as `set` would write its cells one by one, when every cell
    /// of it is one column wide and it fits in the row; otherwise writes nothing and returns false
    /// (the caller then sets cell by cell). A wide character the run cuts at either end loses its
    /// other half, as with `set`. (A terminal row of plain text, drawn every frame, is one copy.)
    public mutating func setNarrowRun(_ run: ArraySlice<FrameCell>, row: Int, col: Int) -> Bool {
        guard row >= 0, row < size.rows, col >= 0, col + run.count <= size.cols else { return false }
        guard !run.isEmpty else { return true }
        guard run.allSatisfy({ $0.width == 1 }) else { return false }
        breakWide(row: row, col: col)
        breakWide(row: row, col: col + run.count - 1)
        let start = row * size.cols + col
        cells.withUnsafeMutableBufferPointer { buffer in
            var index = start
            for cell in run {
                buffer[index] = cell
                index += 1
            }
        }
        return true
    }

    /// If `row`, `col` is half of a wide character, blanks the other half.
    private mutating func breakWide(row: Int, col: Int) {
        let existing = self[row, col]
        if existing.isContinuation, col > 0 {
            self[row, col - 1] = FrameCell(glyph: .space, style: self[row, col - 1].style)
        } else if existing.width == 2, col + 1 < size.cols {
            self[row, col + 1] = FrameCell(glyph: .space, style: existing.style)
        }
    }
}

extension CellBuffer {
    /// The cells of `rect` (clipped to the grid), row by row.
    public func cells(in rect: Rect) -> [FrameCell] {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return [] }
        var result: [FrameCell] = []
        result.reserveCapacity(area.width * area.height)
        for r in area.y..<area.maxY {
            result.append(contentsOf: cells[(r * size.cols + area.x)..<(r * size.cols + area.maxX)])
        }
        return result
    }

    /// Writes `cells` (row by row, as `cells(in:)` returns them) back into `rect`, unchanged.
    public mutating func paste(_ cells: [FrameCell], in rect: Rect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty, cells.count == area.width * area.height else { return }
        for dy in 0..<area.height {
            let start = (area.y + dy) * size.cols + area.x
            let source = dy * area.width
            self.cells.replaceSubrange(start..<(start + area.width), with: cells[source..<(source + area.width)])
        }
    }
}

extension CellBuffer {
    /// Applies `transform` to the style of every cell for which `needsMapping` holds (a quick
    /// test: a frame of busy tiles is mapped every frame, and most of its cells need nothing).
    public mutating func mapStyles(where needsMapping: (Style) -> Bool, _ transform: (Style) -> Style) {
        cells.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices where needsMapping(buffer[index].style) {
                buffer[index].style = transform(buffer[index].style)
            }
        }
    }
}
