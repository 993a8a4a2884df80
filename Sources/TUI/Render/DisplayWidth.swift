// The renderer's width rule. It must agree with the emulator's, so it delegates to the one rule
// of the project, `TerminalScreen.displayWidth` (glibc wcwidth in C.UTF-8).

import TerminalScreen

/// Columns taken by text the TUI draws itself.
public enum DisplayWidth {
    /// Columns `scalar` occupies (0, 1 or 2).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        min(max(TerminalScreen.displayWidth(of: scalar), 0), 2)
    }

    /// Columns a grapheme occupies: the widest of its scalars' widths, at most 2.
    public static func of(_ character: Character) -> Int {
        var widest = 0
        for scalar in character.unicodeScalars { widest = max(widest, of(scalar)) }
        return widest
    }

    /// Columns `text` occupies.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `columns`, ending with `ellipsis` when cut.
    public static func truncate(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        let room = columns - of(ellipsis)
        guard room >= 0 else { return "" }
        var used = 0
        var result = ""
        for ch in text {
            let w = of(ch)
            if used + w > room { break }
            used += w
            result.append(ch)
        }
        return result + ellipsis
    }

    /// `text` cut or padded with spaces to exactly `columns`.
    public static func pad(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        let missing = columns - of(cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }
}
