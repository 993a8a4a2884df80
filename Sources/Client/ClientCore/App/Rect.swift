/// A rectangle of cells; views draw into the part of a `CellBuffer` it names.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in columns (never negative).
    public var width: Int
    /// Height in rows (never negative).
    public var height: Int

    /// Creates a rectangle; negative sizes become 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// True if the rectangle holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// One past the right column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }

    /// The rectangle shrunk by `n` cells on every side.
    public func inset(by n: Int) -> Rect {
        Rect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n)
    }

    /// The top `rows` rows, and the rest below them.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let h = min(max(rows, 0), height)
        return (Rect(x: x, y: y, width: width, height: h), Rect(x: x, y: y + h, width: width, height: height - h))
    }

    /// The bottom `rows` rows, and the rest above them.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let h = min(max(rows, 0), height)
        return (
            Rect(x: x, y: y, width: width, height: height - h),
            Rect(x: x, y: y + height - h, width: width, height: h)
        )
    }

    /// The left `cols` columns, and the rest to their right.
    public func splitLeft(_ cols: Int) -> (left: Rect, rest: Rect) {
        let w = min(max(cols, 0), width)
        return (Rect(x: x, y: y, width: w, height: height), Rect(x: x + w, y: y, width: width - w, height: height))
    }

    /// The overlap of two rectangles (empty if none).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// A rectangle of `width`×`height` centred in this one (clipped to it).
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width)
        let ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}
