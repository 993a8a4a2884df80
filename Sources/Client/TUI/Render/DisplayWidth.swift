// The renderer's width rule: the project's one rule (`TerminalScreen.displayWidth`, glibc's
// wcwidth, with cells formed as tmux 3.3a forms them: `CellLayout`). Everything the UI measures,
// pads, cuts and draws goes through here, after `TerminalSafeText` has escaped what could act on
// the terminal (controls, bidi overrides and isolates), so server-supplied names cannot move
// columns or reorder a row.

import ClientCore
import TerminalScreen

/// Columns taken by text the TUI draws itself.
public enum DisplayWidth {
    /// Columns `scalar` occupies (0, 1 or 2; a scalar tmux drops counts 0).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        min(max(TerminalScreen.displayWidth(of: scalar), 0), 2)
    }

    /// Columns `text` occupies once shown (escaped as `shown` does).
    public static func of(_ text: String) -> Int {
        CellLayout.width(of: shown(text))
    }

    /// The cells `text` is drawn in.
    public static func cells(_ text: String) -> [CellCluster] {
        CellLayout.clusters(of: shown(text))
    }

    /// `text` as the UI shows it: controls, DEL, C1 and bidi formatting characters escaped
    /// (`\x1b`, `\u{202e}`), so nothing a server sends acts on the terminal or reorders a row.
    public static func shown(_ text: String) -> String {
        TerminalSafeText.escaped(text)
    }

    /// The longest prefix of `text` (as shown) that fits in `columns`, ending with `ellipsis` when
    /// cut.
    public static func truncate(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        let visible = shown(text)
        if CellLayout.width(of: visible) <= columns { return visible }
        let room = columns - CellLayout.width(of: ellipsis)
        guard room >= 0 else { return "" }
        var used = 0
        var result = ""
        for cell in CellLayout.clusters(of: visible) {
            if used + cell.width > room { break }
            used += cell.width
            result += cell.text
        }
        return result + ellipsis
    }

    /// `text` (as shown) cut or padded with spaces to exactly `columns`.
    public static func pad(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        let missing = columns - CellLayout.width(of: cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }
}
