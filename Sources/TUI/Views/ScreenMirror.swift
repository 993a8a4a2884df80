// A per-session copy of a TerminalScreen's cells in frame form. Each update copies only the
// rows the screen reported damaged (everything after a resize), so a wall of busy tiles costs
// work proportional to what changed, not to what is shown.

import ClientCore
import TerminalScreen

/// Frame cells mirrored from one `TerminalScreen`.
public final class ScreenMirror {
    /// Rows of converted cells.
    public private(set) var rows: [[FrameCell]] = []
    /// The mirrored screen's size.
    public private(set) var size = GridSize(cols: 0, rows: 0)
    /// The screen's cursor at the last update.
    public private(set) var cursor = CursorState(row: 0, col: 0, visible: true)
    /// Rows copied by the last update (for tests and benchmarks).
    public private(set) var rowsCopiedLastUpdate = 0

    /// Creates an empty mirror.
    public init() {}

    /// Copies the damaged rows of `screen`.
    public func update(from screen: TerminalScreen) {
        let damage = screen.takeDamage()
        let newSize = GridSize(cols: screen.cols, rows: screen.rows)
        var toCopy: [Int]
        if newSize != size || rows.count != screen.rows {
            size = newSize
            rows = Array(repeating: [], count: screen.rows)
            toCopy = Array(0..<screen.rows)
        } else {
            toCopy = damage.rows
        }
        toCopy = toCopy.filter { $0 < screen.rows }
        for r in toCopy { rows[r] = screen.row(r).map(Self.convert) }
        rowsCopiedLastUpdate = toCopy.count
        cursor = screen.cursor
    }

    /// A terminal cell as a frame cell.
    public static func convert(_ cell: Cell) -> FrameCell {
        if cell.isContinuation {
            return FrameCell(text: "", width: 0, style: style(of: cell))
        }
        let text = cell.text.isEmpty ? " " : cell.text
        return FrameCell(text: text, width: max(cell.width, 1), style: style(of: cell))
    }

    /// A terminal cell's colours and attributes as a frame style.
    public static func style(of cell: Cell) -> Style {
        var attrs: TextAttributes = []
        if cell.attrs.contains(.bold) { attrs.insert(.bold) }
        if cell.attrs.contains(.italic) { attrs.insert(.italic) }
        if cell.attrs.contains(.underline) { attrs.insert(.underline) }
        if cell.attrs.contains(.reverse) { attrs.insert(.reverse) }
        if cell.attrs.contains(.blink) { attrs.insert(.blink) }
        if cell.attrs.contains(.strike) { attrs.insert(.strike) }
        return Style(fg: color(cell.fg), bg: color(cell.bg), attrs: attrs)
    }

    static func color(_ color: TerminalColor) -> Color {
        switch color {
        case .default: .default
        case .indexed(let i): .indexed(i)
        case .rgb(let r, let g, let b): .rgb(r, g, b)
        }
    }

    /// The last row that holds anything but blanks, or -1.
    public var lastNonBlankRow: Int {
        for r in stride(from: rows.count - 1, through: 0, by: -1)
        where rows[r].contains(where: { $0.text != " " && !$0.isContinuation }) {
            return r
        }
        return -1
    }

    /// Copies the part of the mirror starting at `origin` into `rect` of `frame`.
    public func draw(into frame: inout CellBuffer, rect: Rect, originRow: Int, originCol: Int) {
        for dy in 0..<rect.height {
            let r = originRow + dy
            guard r >= 0, r < rows.count else { continue }
            let line = rows[r]
            var dx = 0
            while dx < rect.width {
                let c = originCol + dx
                guard c < line.count else { break }
                let cell = line[c]
                if cell.isContinuation {
                    if dx == 0 { frame.set(.blank(cell.style), row: rect.y + dy, col: rect.x) }
                    dx += 1
                    continue
                }
                if cell.width == 2 && dx + 1 >= rect.width {
                    frame.set(.blank(cell.style), row: rect.y + dy, col: rect.x + dx)
                } else {
                    frame.set(cell, row: rect.y + dy, col: rect.x + dx)
                }
                dx += Int(max(cell.width, 1))
            }
        }
    }

    /// Where to look so the cursor and the newest output fit in `height`×`width`: the bottom of
    /// the used area, and the cursor's column.
    public func cropOrigin(height: Int, width: Int) -> (row: Int, col: Int) {
        let bottom = max(cursor.row, lastNonBlankRow)
        let row = max(0, min(bottom - height + 1, size.rows - height))
        let col = cursor.col >= width ? cursor.col - width + 1 : 0
        return (row, col)
    }
}
