// Turns the compositor's changed runs into the bytes of one frame: cursor moves (CUP), an SGR
// wherever the style changes (`SGREncoder`), the text, then the cursor's place and visibility.
// The compositor has already diffed the frame against the last one, so this is the only diff;
// ncurses is not asked to draw (it keeps the terminal modes, the keys and the size).

import TerminalScreen

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
    /// `CellBits.widthOffset`, read once.
    private let styleBytes = CellBits.widthOffset

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
        cells.withUnsafeBufferPointer { run in
            var x = col
            // The cell before was written, so the terminal is at `x` in its style.
            var followsWritten = false
            for index in run.indices {
                defer { x += 1 }
                let cell = run[index]
                if cell.isContinuation {
                    followsWritten = false
                    continue
                }
                if !followsWritten, position?.row != row || position?.col != x { moveTo(row: row, col: x) }
                // Most cells have the style of the cell before: same width and style bytes.
                if !(followsWritten && CellBits.sameWidthAndStyle(run, index, index - 1, offset: styleBytes)),
                    cell.style != current
                {
                    encoder.append(cell.style, to: &bytes)
                    current = cell.style
                }
                let width = Int(max(cell.width, 1))
                if width == 1, let byte = cell.glyph.singleByte, byte >= 0x20, byte < 0x7F {
                    bytes.append(byte)
                } else {
                    appendText(cell.text, width: width)
                }
                // After the last column the terminal's cursor is in its pending-wrap state: unknown.
                position = (row, x + width)
                followsWritten = width == 1
            }
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

    /// Writes `text` so that it covers exactly `width` columns of the outer terminal, measured
    /// with the one width rule (the outer terminal is tmux or a terminal using glibc's widths):
    /// text that would cover more (and so the next cell, which this writer still means to write)
    /// becomes U+FFFD, text covering less is padded with spaces, text covering nothing (marks
    /// alone, which would join the cell before) is not written.
    private mutating func appendText(_ text: String, width: Int) {
        let utf8 = text.utf8
        if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F, width == 1 {
            bytes.append(byte)
            return
        }
        var covered = CellLayout.width(of: text)
        if covered > width {
            bytes += Self.replacement
            covered = 1
        } else if covered > 0 {
            bytes += utf8
        }
        // Nothing printable (marks alone would join the cell before): spaces only.
        for _ in covered..<width { bytes.append(0x20) }
    }

    private static let replacement = Array("\u{FFFD}".utf8)

    private mutating func moveTo(row: Int, col: Int) {
        bytes.append(0x1B)
        bytes.append(0x5B)
        Self.appendDecimal(row + 1, to: &bytes)
        bytes.append(0x3B)
        Self.appendDecimal(col + 1, to: &bytes)
        bytes.append(0x48)
        position = (row, col)
    }

    /// The decimal digits of `value` (≥ 0), without building a String (a frame moves the cursor
    /// once per changed run: about 170 times a frame on a busy wall).
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = max(value, 0)
        while divisor > 0 {
            bytes.append(0x30 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
