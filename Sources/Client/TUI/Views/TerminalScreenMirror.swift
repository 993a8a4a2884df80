// A per-session, lazily converted copy of a TerminalScreen's cells in frame form. An update only
// moves the converted rows up by the screen's whole-screen scroll and marks the rows the screen
// reported damaged beyond it as stale; a stale row is read from the screen when a view draws it,
// and only the columns that view shows. A wall tile shows about 14×41 cells of a 120×40 screen
// and a busy one scrolls every frame, so moving rows and reading on demand is what keeps a wall
// of busy tiles cheap. Between an update and the next feed of the screen, every read (cached or
// fresh) shows the same state of the screen.

import ClientCore
import TerminalScreen

/// Frame cells mirrored from one `TerminalScreen`, converted when drawn.
public final class TerminalScreenMirror {
    /// The mirrored screen's size.
    public private(set) var size = GridSize(cols: 0, rows: 0)
    /// The screen's cursor at the last update.
    public private(set) var cursor = CursorState(row: 0, col: 0, visible: true)
    /// Rows the last update marked stale (for tests and benchmarks).
    public private(set) var rowsDamagedLastUpdate = 0
    /// Cells read from the screen and converted since the mirror was created (for tests).
    public private(set) var cellsConverted = 0
    /// Rows moved up with a whole-screen scroll instead of being read again (for tests).
    public private(set) var rowsMoved = 0
    private var screen: TerminalScreen?
    /// Converted cells, `size.cols` per row; only `converted[r]` of row `r` is current.
    private var cells: [[FrameCell]] = []
    /// The columns of each row that are current (empty: the whole row is stale).
    private var converted: [Range<Int>] = []
    /// Whether each row is blank, nil until asked after its last damage.
    private var blank: [Bool?] = []

    /// Creates an empty mirror.
    public init() {}

    /// Takes the damage of `screen` and marks the damaged rows stale (everything after a resize
    /// or when the mirror follows a different screen). Reads no cells.
    public func update(from screen: TerminalScreen) {
        let damage = screen.takeDamage()
        let newSize = GridSize(cols: screen.cols, rows: screen.rows)
        if screen !== self.screen || newSize != size || cells.count != screen.rows {
            self.screen = screen
            size = newSize
            cells = Array(repeating: Array(repeating: .blank, count: newSize.cols), count: newSize.rows)
            converted = Array(repeating: 0..<0, count: newSize.rows)
            blank = Array(repeating: nil, count: newSize.rows)
            rowsDamagedLastUpdate = newSize.rows
        } else {
            // A scroll of the whole screen moves the rows already converted instead of
            // reading them again (a busy tile scrolls every frame).
            let shift = damage.shift
            if shift > 0, shift < newSize.rows { shiftRows(up: shift) }
            let damaged = (shift > 0 ? damage.rowsBeyondShift : damage.rows).filter { $0 < newSize.rows }
            for r in damaged {
                converted[r] = 0..<0
                blank[r] = nil
            }
            rowsDamagedLastUpdate = damaged.count
        }
        cursor = screen.cursor
    }

    /// Moves every row up by `n` (the screen scrolled); the rows that come in at the bottom are
    /// marked stale by the damage that comes with the shift.
    private func shiftRows(up n: Int) {
        cells = Array(cells[n...] + cells[..<n])
        converted = Array(converted[n...] + converted[..<n])
        blank = Array(blank[n...] + blank[..<n])
        rowsMoved += size.rows - n
    }

    /// All cells of row `r` (converting what is stale), or [] outside the screen.
    public func row(_ r: Int) -> [FrameCell] {
        guard r >= 0, r < size.rows else { return [] }
        ensure(row: r, columns: 0..<size.cols)
        return cells[r]
    }

    /// Makes columns `columns` of row `r` current, converting only what is not.
    private func ensure(row r: Int, columns: Range<Int>) {
        let want = max(columns.lowerBound, 0)..<min(max(columns.upperBound, 0), size.cols)
        let have = converted[r]
        guard !want.isEmpty, want.lowerBound < have.lowerBound || want.upperBound > have.upperBound else { return }
        guard let screen else { return }
        var line = cells[r]
        cells[r] = []
        let spans =
            have.isEmpty
            ? [want]
            : [
                want.lowerBound..<max(have.lowerBound, want.lowerBound),
                have.upperBound..<max(want.upperBound, have.upperBound),
            ]
        var memo = StyleMemo()
        for span in spans where !span.isEmpty {
            // Printable ASCII comes as a byte: its style is converted once per run of one style.
            var version = UInt32.max
            var style = Style.plain
            screen.forEachCell(
                row: r, columns: span,
                ascii: { col, byte, cellStyle, styleVersion in
                    if styleVersion != version {
                        version = styleVersion
                        style = Self.style(cellStyle)
                    }
                    line[col] = FrameCell(glyph: Glyph(ascii: byte), width: 1, style: style)
                },
                other: { col, cell in line[col] = memo.convert(cell) })
            cellsConverted += span.count
        }
        cells[r] = line
        converted[r] =
            have.isEmpty ? want : min(want.lowerBound, have.lowerBound)..<max(want.upperBound, have.upperBound)
    }

    /// Whether row `r` is blank, asking the screen once per damage.
    private func isBlank(row r: Int) -> Bool {
        if let known = blank[r] { return known }
        let value = screen?.isBlank(row: r) ?? true
        blank[r] = value
        return value
    }

    /// A terminal cell as a frame cell.
    public static func convert(_ cell: Cell) -> FrameCell {
        if cell.isContinuation {
            return FrameCell(glyph: .empty, width: 0, style: style(of: cell))
        }
        let text = cell.text.isEmpty ? " " : cell.text
        return FrameCell(text: text, width: max(cell.width, 1), style: style(of: cell))
    }

    /// A terminal cell's colours and attributes as a frame style.
    public static func style(of cell: Cell) -> Style {
        style(CellStyle(attrs: cell.attrs, fg: cell.fg, bg: cell.bg))
    }

    /// A terminal cell style as a frame style.
    static func style(_ style: CellStyle) -> Style {
        Style(fg: color(style.fg), bg: color(style.bg), attrs: attributes(style.attrs))
    }

    /// Emulator attributes and the frame attributes that show them.
    private static let attributePairs: [(CellAttributes, TextAttributes)] = [
        (.bold, .bold), (.dim, .dim), (.italic, .italic), (.underline, .underline), (.reverse, .reverse),
        (.blink, .blink), (.strike, .strike), (.conceal, .conceal), (.overline, .overline),
        (.doubleUnderline, .doubleUnderline), (.curlyUnderline, .curlyUnderline),
        (.dottedUnderline, .dottedUnderline), (.dashedUnderline, .dashedUnderline),
    ]

    /// A terminal cell's attributes as frame attributes (all of them carry over).
    static func attributes(_ attrs: CellAttributes) -> TextAttributes {
        guard !attrs.isEmpty else { return [] }
        var result: TextAttributes = []
        for (cell, frame) in attributePairs where attrs.contains(cell) { result.insert(frame) }
        return result
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
        for r in stride(from: size.rows - 1, through: 0, by: -1) where !isBlank(row: r) { return r }
        return -1
    }

    /// Copies the part of the mirror starting at `origin` into `rect` of `frame`.
    public func draw(into frame: inout CellBuffer, rect: Rect, originRow: Int, originCol: Int) {
        for dy in 0..<rect.height {
            let r = originRow + dy
            guard r >= 0, r < size.rows else { continue }
            ensure(row: r, columns: originCol..<(originCol + rect.width))
            let line = cells[r]
            if originCol >= 0,
                frame.setNarrowRun(
                    line[min(originCol, line.count)..<min(originCol + rect.width, line.count)], row: rect.y + dy,
                    col: rect.x)
            {
                continue
            }
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
    /// the used area (the cursor's row or a written row below it) and the cursor's column; with
    /// the cursor hidden, the last written rows from column 0 (a program that hides its cursor
    /// may leave it anywhere). `pan` moves that window by rows and columns, kept on the screen.
    public func cropOrigin(height: Int, width: Int, pan: (rows: Int, cols: Int) = (0, 0)) -> (row: Int, col: Int) {
        let visible = cursor.visible
        var bottom = visible ? cursor.row : 0
        for r in stride(from: size.rows - 1, to: bottom, by: -1) where !isBlank(row: r) {
            bottom = r
            break
        }
        let auto = (row: bottom - height + 1, col: visible && cursor.col >= width ? cursor.col - width + 1 : 0)
        let row = max(0, min(auto.row + pan.rows, size.rows - height))
        let col = max(0, min(auto.col + pan.cols, size.cols - width))
        return (row, col)
    }
}

/// `TerminalScreenMirror.convert` for runs of cells: the style of the previous cell is reused while the
/// attributes and colours are the same.
private struct StyleMemo {
    private var key: (CellAttributes, TerminalColor, TerminalColor)?
    private var style = Style.plain

    mutating func convert(_ cell: Cell) -> FrameCell {
        let same = key.map { $0.0 == cell.attrs && $0.1 == cell.fg && $0.2 == cell.bg } ?? false
        if !same {
            key = (cell.attrs, cell.fg, cell.bg)
            style = TerminalScreenMirror.style(of: cell)
        }
        if cell.isContinuation { return FrameCell(glyph: .empty, width: 0, style: style) }
        return FrameCell(glyph: cell.text.isEmpty ? .space : Glyph(cell.text), width: max(cell.width, 1), style: style)
    }
}
