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
    /// DECSCUSR's shape (`VTERM_PROP_CURSORSHAPE`: 1 block, 2 underline, 3 bar; the 0 a restore
    /// of libvterm's never-saved cursor reports is the block).
    var cursorShape = 1
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
        case VTERM_PROP_CURSORSHAPE: cursorShape = max(Int(value.number), 1)
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
        var col = 0
        while col < end {
            guard CellConversion.isPlainASCII(cells[col]) else {
                appendOther(cells[col], to: &line, memo: &memo)
                col += 1
                continue
            }
            // A printable ASCII character (most of what scrolls off) is packed from its byte, and
            // so is the run of them after it in the same raw style.
            let style = memo.style(of: cells[col])
            let runEnd = Self.asciiRunEnd(cells, from: col, before: end)
            line.append(asciiRun: runEnd - col, style: style, version: memo.version) { offset in
                UInt8(truncatingIfNeeded: cells[col + offset].chars.0)
            }
            col = runEnd
        }
        scrollback.push(packed: line.line)
    }

    /// Packs a cell that is not printable ASCII. One scalar that is not a stand-in (most such
    /// cells: accents, kanji, emoji) and the right half of a wide character are packed from
    /// libvterm's cell as they are; anything else (blank, joined, a stand-in) through `Cell`.
    @inline(__always)
    private func appendOther(_ cell: VTermScreenCell, to line: inout PackedLineBuilder, memo: inout CellStyleMemo) {
        if cell.chars.0 == CellConversion.continuationMarker {
            line.append(scalar: nil, width: 0, style: memo.style(of: cell), version: memo.version)
        } else if let scalar = singleScalar(cell) {
            line.append(
                scalar: scalar, width: cell.width >= 2 ? 2 : 1, style: memo.style(of: cell), version: memo.version)
        } else {
            line.append(memo.cell(from: cell, clusters: clusters))
        }
    }

    /// The one scalar `cell` shows when it is not ASCII, holds no joined scalars and is not a
    /// stand-in (whose text only the cluster table knows).
    @inline(__always)
    private func singleScalar(_ cell: VTermScreenCell) -> Unicode.Scalar? {
        let first = cell.chars.0
        guard first >= 0x80, cell.chars.1 == 0, clusters.text(for: first) == nil else { return nil }
        return Unicode.Scalar(first)
    }

    /// Where the run of printable ASCII cells in the raw style of the one at `start` ends.
    @inline(__always)
    private static func asciiRunEnd(_ cells: UnsafePointer<VTermScreenCell>, from start: Int, before end: Int) -> Int {
        var index = start + 1
        while index < end, CellConversion.isPlainASCII(cells[index]),
            CellStyleMemo.sameRawStyle(cells[index], cells[start])
        {
            index += 1
        }
        return index
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
