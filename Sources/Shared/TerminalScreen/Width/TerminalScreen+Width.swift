// The one width rule of claudepm, end to end (feed, render and the UI's own text): a scalar is
// as wide as glibc's `wcwidth` says in a UTF-8 locale — what tmux 3.3a on Debian uses (built
// without utf8proc) — and text is laid out in cells the way tmux 3.3a's `screen_write_cell` does
// (see `ClusterRule`). −1 means tmux drops the scalar: it never reaches a cell.

import CSupport

extension TerminalScreen {
    /// Columns `scalar` occupies: glibc `wcwidth` with the C.UTF-8 table, whatever the process
    /// locale (0, 1 or 2, and −1 for a scalar glibc does not print, which tmux drops).
    @inline(__always)
    public static func displayWidth(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        return Int(csupport_wcwidth_utf8(value))
    }

    /// Columns `text` occupies when printed to tmux (or to claudepm's own screens): the sum of the
    /// widths of its cells as `CellLayout` forms them.
    public static func displayWidth(of text: String) -> Int {
        CellLayout.width(of: text)
    }
}
