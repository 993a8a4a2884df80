// Turns the compositor's changed runs into the bytes of one frame: cursor moves (CUP), an SGR
// wherever the style changes (`SGREncoder`), the text, then the cursor's place and visibility.
// The compositor has already diffed the frame against the last one, so this is the only diff;
// ncurses is not asked to draw (it keeps the terminal modes, the keys and the size).

/// Accumulates one frame's terminal output.
public struct FrameWriter: Sendable {
    /// How styles are written.
    public var encoder: SGREncoder
    /// The bytes of the frame so far.
    public private(set) var bytes: [UInt8] = []
    /// The style the terminal is in (nil: unknown, the next cell writes one).
    private var current: Style?
    /// Where the terminal's cursor is (nil: unknown).
    private var position: (row: Int, col: Int)?
    /// Whether the cursor is shown (nil: unknown).
    private var cursorVisible: Bool?

    /// Creates a writer.
    public init(encoder: SGREncoder) {
        self.encoder = encoder
    }

    /// Erases the screen in the default style.
    public mutating func clear() {
        bytes += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
        current = .plain
        position = (0, 0)
    }

    /// Writes `cells` from `row`, `col`; continuation cells are skipped (their lead cell already
    /// covered them).
    public mutating func write(row: Int, col: Int, cells: ArraySlice<FrameCell>) {
        var x = col
        for cell in cells {
            defer { x += 1 }
            if cell.isContinuation { continue }
            if position?.row != row || position?.col != x { moveTo(row: row, col: x) }
            if cell.style != current {
                encoder.append(cell.style, to: &bytes)
                current = cell.style
            }
            if cell.text.isEmpty {
                bytes.append(0x20)
            } else {
                bytes += cell.text.utf8
            }
            // After the last column the terminal's cursor is in its pending-wrap state: unknown.
            position = (row, x + Int(max(cell.width, 1)))
        }
    }

    /// Places and shows the cursor, or hides it (nil).
    public mutating func placeCursor(_ cursor: CursorPlacement?) {
        guard let cursor else {
            if cursorVisible != false { bytes += Array("\u{1B}[?25l".utf8) }
            cursorVisible = false
            return
        }
        moveTo(row: cursor.row, col: cursor.col)
        if cursorVisible != true { bytes += Array("\u{1B}[?25h".utf8) }
        cursorVisible = true
    }

    /// Hands over the frame's bytes and starts the next frame.
    public mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// Forgets what the terminal shows and does (after something else wrote to it).
    public mutating func forgetTerminalState() {
        current = nil
        position = nil
        cursorVisible = nil
    }

    private mutating func moveTo(row: Int, col: Int) {
        bytes += [0x1B, 0x5B]
        bytes += String(row + 1).utf8
        bytes.append(0x3B)
        bytes += String(col + 1).utf8
        bytes.append(0x48)
        position = (row, col)
    }
}
