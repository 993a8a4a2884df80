// The picture a tile of a server without pane streams shows: one `session:output` snapshot (a
// pane's captured lines with their SGR escapes, protocol §3.6) laid out on a TerminalScreen of
// its own size. Each snapshot replaces the last, so the screen is reset and the lines are drawn
// from the top, one per row, as wide as the widest line (escapes take no columns) and without
// wrapping. The cursor is hidden and parked at the top left, so the tile's crop shows the bottom
// of the text from its first column: the newest lines, as a live tile would.
import TerminalScreen

/// Draws `session:output` lines onto a TerminalScreen.
enum PicturePainter {
    /// At most this many rows and columns are drawn (the newest rows, the first columns).
    static let maxRows = 500
    static let maxCols = 500
    /// Wrapping off and the cursor hidden, before the lines; the pen reset and the cursor parked
    /// at the top after them.
    static let prefix = "\u{1B}[?7l\u{1B}[?25l"
    static let suffix = "\u{1B}[0m\u{1B}[H"

    /// The size `lines` need and the bytes that draw them on a reset screen of that size.
    /// Trailing empty lines (a capture ends with one) are left out.
    static func layout(_ lines: [String]) -> (rows: Int, cols: Int, bytes: String) {
        var kept = lines[...]
        while let last = kept.last, last.isEmpty { kept = kept.dropLast() }
        kept = kept.suffix(maxRows)
        let cols = kept.reduce(1) { max($0, columns(of: $1)) }
        let text = prefix + kept.joined(separator: "\r\n") + suffix
        return (max(kept.count, 1), min(cols, maxCols), text)
    }

    /// Replaces what `screen` shows with `lines`.
    static func paint(_ lines: [String], on screen: TerminalScreen) {
        let (rows, cols, bytes) = layout(lines)
        screen.reset(hard: true)
        screen.resize(rows: rows, cols: cols)
        screen.feed(bytes)
        _ = screen.takeOutput()
    }

    /// The columns `line` fills when printed: escape sequences (CSI, OSC, and two-byte ones) and
    /// other control characters take none, a tab moves to the next multiple of 8.
    static func columns(of line: String) -> Int {
        var width = 0
        var escape = EscapeState.none
        for scalar in line.unicodeScalars {
            if escape != .none {
                escape = escape.next(scalar)
            } else if scalar.value == 0x1B {
                escape = .escape
            } else if scalar == "\t" {
                width = (width / 8 + 1) * 8
            } else if scalar.value >= 0x20, scalar.value != 0x7F {
                width += max(TerminalScreen.displayWidth(of: scalar), 0)
            }
        }
        return width
    }

    /// Where a scanner stands inside an escape sequence (every scalar of one takes no column).
    enum EscapeState: Equatable {
        case none, escape, csi, osc, oscEscape

        /// The state after `scalar`; `.none` once the sequence ended with it.
        func next(_ scalar: Unicode.Scalar) -> EscapeState {
            let value = scalar.value
            switch self {
            case .none: return value == 0x1B ? .escape : .none
            case .escape: return scalar == "[" ? .csi : scalar == "]" ? .osc : .none
            case .csi: return (0x40...0x7E).contains(value) ? .none : .csi
            case .osc: return value == 0x07 ? .none : value == 0x1B ? .oscEscape : .osc
            case .oscEscape: return .none
            }
        }
    }
}
