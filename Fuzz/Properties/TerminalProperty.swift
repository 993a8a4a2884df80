// Remote PTY bytes into TerminalScreen (UTF-8 sanitiser, input guard, libvterm) at several sizes,
// 1×1 included: the cursor and every cell stay within the screen, cells have sane widths, and
// the screen does not depend on how the bytes were split into feeds.
import TerminalScreen

/// The property checked by the `terminal` fuzz target.
public enum TerminalProperty {
    /// Screen sizes the first byte chooses from (rows, cols).
    static let sizes = [(1, 1), (1, 2), (2, 1), (3, 5), (24, 80), (5, 132), (40, 3)]

    /// Nil when the property holds for `bytes`, else what failed. Byte 0 picks the size, byte 1
    /// the split point, byte 2 an optional resize in the middle.
    public static func check(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let (rows, cols) = sizes[Int(input.byte()) % sizes.count]
        let splitByte = Int(input.byte())
        let resize = input.byte()
        let payload = input.rest
        let split = payload.isEmpty ? 0 : splitByte * payload.count / 256
        let whole = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 20)
        let pieces = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 20)
        whole.feed(payload)
        pieces.feed(payload[..<split])
        pieces.feed(payload[split...])
        if let broken = invariantBroken(whole) { return "\(rows)x\(cols): \(broken)" }
        if let differs = difference(whole, pieces) { return "\(rows)x\(cols) split at \(split): \(differs)" }
        if resize & 1 == 1 {
            let (r2, c2) = sizes[Int(resize >> 1) % sizes.count]
            whole.resize(rows: r2, cols: c2)
            whole.feed(payload)
            if let broken = invariantBroken(whole) { return "after resize to \(r2)x\(c2): \(broken)" }
        }
        return nil
    }

    /// The first invariant `screen` breaks, if any.
    static func invariantBroken(_ screen: TerminalScreen) -> String? {
        let cursor = screen.cursor
        guard (0..<screen.rows).contains(cursor.row), (0..<screen.cols).contains(cursor.col) else {
            return "cursor \(cursor.row),\(cursor.col) outside \(screen.rows)x\(screen.cols)"
        }
        for row in 0..<screen.rows {
            for col in 0..<screen.cols {
                let cell = screen.cell(row: row, col: col)
                if cell.width > 2 { return "cell \(row),\(col) has width \(cell.width)" }
                if cell.text.unicodeScalars.contains(where: isControl) {
                    return "cell \(row),\(col) holds a control character: \(cell.text.debugDescription)"
                }
            }
        }
        return nil
    }

    /// C0, DEL and C1: never drawn, or they would reach the user's terminal as controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Where two screens fed the same bytes differ, if they do.
    static func difference(_ a: TerminalScreen, _ b: TerminalScreen) -> String? {
        if a.cursor != b.cursor { return "cursor \(a.cursor) vs \(b.cursor)" }
        for row in 0..<a.rows {
            for col in 0..<a.cols where a.cell(row: row, col: col) != b.cell(row: row, col: col) {
                return "cell \(row),\(col): \(a.cell(row: row, col: col)) vs \(b.cell(row: row, col: col))"
            }
        }
        if a.title != b.title { return "title \(a.title) vs \(b.title)" }
        return nil
    }
}
