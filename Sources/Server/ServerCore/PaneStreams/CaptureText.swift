// A row of cells as `capture-pane -p -e` prints one: the characters, with an SGR sequence wherever
// the style changes from the cell before (the first from the default style), erased cells as
// spaces, wide characters once, and no trailing blanks. The supervisor's waiting detector and the
// `session:output` lines (the upstream shape) read pane rows in this form.
import TerminalScreen

/// Rows of cells as capture text.
enum CaptureText {
    /// `cells` as one line.
    static func line(_ cells: [Cell]) -> String {
        var end = cells.count
        while end > 0, cells[end - 1].isBlankForCapture { end -= 1 }
        var out: [UInt8] = []
        var style = CellStyle()
        for cell in cells[..<end] where !cell.isContinuation {
            let next = CellStyle(attrs: cell.attrs, fg: cell.fg, bg: cell.bg)
            if next != style {
                out += next.sgr
                style = next
            }
            if cell.text.isEmpty { out.append(0x20) } else { out += Array(cell.text.utf8) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Screen row `row` of `screen` as one line, the same as `line(screen.row(row))`, read without
    /// building a `Cell` or a `String` per printable ASCII cell (the detector reads busy panes'
    /// screens many times a second).
    static func line(_ screen: TerminalScreen, row: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(screen.cols)
        var end = 0
        var style = CellStyle()
        // The style version of the ASCII cell before, when no other cell came between: the same
        // version is the same style, already written (most cells of a row share their style).
        var seen: UInt32?
        var shows = false
        screen.forEachCell(
            row: row, columns: 0..<screen.cols,
            ascii: { _, byte, next, version in
                if version != seen {
                    seen = version
                    shows = next.showsOnBlank
                    if next != style {
                        out += next.sgr
                        style = next
                    }
                }
                out.append(byte)
                if byte != 0x20 || shows { end = out.count }
            },
            other: { _, cell in
                seen = nil
                guard !cell.isContinuation else { return }
                let next = CellStyle(attrs: cell.attrs, fg: cell.fg, bg: cell.bg)
                if next != style {
                    out += next.sgr
                    style = next
                }
                if cell.text.isEmpty { out.append(0x20) } else { out += Array(cell.text.utf8) }
                if !cell.isBlankForCapture { end = out.count }
            })
        return String(decoding: out[..<end], as: UTF8.self)
    }
}

extension CellStyle {
    /// A blank in this style shows: a background, or an attribute that draws on a blank.
    fileprivate var showsOnBlank: Bool {
        bg != .default || !attrs.intersection([.reverse, .underline, .strike, .overline]).isEmpty
    }
}

extension Cell {
    /// Shows as nothing at the end of a line: no text, or a space, with no background and no
    /// attribute that draws on a blank.
    fileprivate var isBlankForCapture: Bool {
        (text.isEmpty || text == " ") && bg == .default
            && attrs.intersection([.reverse, .underline, .strike, .overline]).isEmpty
    }
}
