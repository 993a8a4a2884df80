// The object libvterm's callbacks write into. It exists apart from TerminalScreen so that it can
// be created (and handed to libvterm as the `user` pointer) before the screen finishes init.

import CVTerm

/// Everything libvterm reports through callbacks, accumulated until the owner reads it.
/// Owned by exactly one `TerminalScreen` and touched only on that screen's thread.
final class ScreenSink {
    var damage: DamageAccumulator
    /// libvterm's width in columns (a move of every column is a shift of the screen's rows).
    var columns: Int
    var scrollback: ScrollbackBuffer
    /// Bytes libvterm wants sent to the remote program (query answers, key encodings).
    var output: [UInt8] = []
    var title = ""
    var iconName = ""
    var bellCount = 0
    var cursorVisible = true
    var cursorBlink = true
    var isAltScreen = false
    var isReverseVideo = false
    var mouseMode = MouseMode.none
    /// libvterm's default colours, used for blank cells given back on `sb_popline`.
    var defaultFG = VTermColor()
    var defaultBG = VTermColor()
    /// Cell texts behind stand-in scalars (see `ClusterTable`).
    let clusters = ClusterTable()

    init(rows: Int, columns: Int, scrollbackLimit: Int) {
        damage = DamageAccumulator(rowCount: rows)
        self.columns = columns
        scrollback = ScrollbackBuffer(limit: scrollbackLimit)
    }

    func setProperty(_ prop: VTermProp, _ value: VTermValue) {
        switch prop {
        case VTERM_PROP_CURSORVISIBLE:
            cursorVisible = value.boolean != 0
            damage.markCursor()
        case VTERM_PROP_CURSORBLINK: cursorBlink = value.boolean != 0
        case VTERM_PROP_ALTSCREEN:
            isAltScreen = value.boolean != 0
            damage.markFull()
        case VTERM_PROP_TITLE: title = Self.string(value)
        case VTERM_PROP_ICONNAME: iconName = Self.string(value)
        case VTERM_PROP_REVERSE:
            isReverseVideo = value.boolean != 0
            damage.markFull()
        case VTERM_PROP_MOUSE: mouseMode = MouseMode(rawValue: Int(value.number)) ?? .none
        default: break
        }
    }

    private static func string(_ value: VTermValue) -> String {
        guard let pointer = value.string else { return "" }
        return String(cString: pointer)
    }

    func pushLine(cols: Int, cells: UnsafePointer<VTermScreenCell>) {
        guard scrollback.limit > 0 else { return }
        var end = cols
        while end > 0, CellConversion.isBlank(cells[end - 1]) { end -= 1 }
        var memo = CellStyleMemo()
        var line = PackedLineBuilder(capacity: end)
        for col in 0..<end {
            let source = cells[col]
            // A printable ASCII character (most of what scrolls off) is packed from its byte
            // (libvterm reports a width of 2 for one left of a stale continuation: not this path).
            if source.chars.0 >= 0x20, source.chars.0 < 0x7F, source.chars.1 == 0, source.width == 1 {
                let style = memo.style(of: source)
                line.append(ascii: UInt8(source.chars.0), style: style, version: memo.version)
            } else {
                line.append(memo.cell(from: source, clusters: clusters))
            }
        }
        scrollback.push(packed: line.line)
    }

    func popLine(cols: Int, into cells: UnsafeMutablePointer<VTermScreenCell>) -> Bool {
        guard let line = scrollback.popNewest() else { return false }
        for col in 0..<cols {
            var cell = col < line.count ? line[col] : .blank
            // libvterm 0.1.4 writes past the row for a wide cell in the last column.
            if cell.width == 2, col == cols - 1 { cell = .blank }
            cells[col] = CellConversion.vtermCell(
                from: cell, defaultFG: defaultFG, defaultBG: defaultBG, clusters: clusters)
        }
        return true
    }
}
