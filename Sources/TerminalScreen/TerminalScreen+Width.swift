// The one width rule of claudepm: how many columns a scalar takes, for the TUI's own strings.
// libvterm computes the widths of the remote program's cells itself; its table and glibc's agree
// except for code points unassigned in glibc 2.36 (docs/terminal.md, build-notes width table).

import CSupport

extension TerminalScreen {
    /// Columns `scalar` occupies: glibc `wcwidth` in C.UTF-8 (independent of the process locale).
    /// Where glibc answers −1: combining marks, format and control characters give 0, anything
    /// else 1 (matching libvterm, which draws unknown code points one column wide).
    public static func displayWidth(of scalar: Unicode.Scalar) -> Int {
        let width = Int(csupport_wcwidth_utf8(scalar.value))
        if width >= 0 { return width }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// Columns `text` occupies: the sum of `displayWidth(of:)` over its scalars.
    public static func displayWidth(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + displayWidth(of: $1) }
    }
}
