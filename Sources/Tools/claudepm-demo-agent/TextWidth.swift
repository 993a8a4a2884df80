// Terminal display widths (glibc wcwidth with the C.UTF-8 table, as tmux uses, whatever the
// locale the agent runs in) for fitting lines with CJK and emoji.
import CSupport

/// Width helpers.
enum TextWidth {
    /// Columns a string occupies.
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + max(0, Int(csupport_wcwidth_utf8($1.value))) }
    }

    /// The longest prefix of `text` that fits in `width` columns.
    static func fit(_ text: String, width: Int) -> String {
        var used = 0
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let cells = max(0, Int(csupport_wcwidth_utf8(scalar.value)))
            if used + cells > width { break }
            used += cells
            result.append(scalar)
        }
        return String(result)
    }

    /// `text` fitted to `width` and padded with spaces to exactly `width` columns.
    static func pad(_ text: String, width: Int) -> String {
        let fitted = fit(text, width: width)
        return fitted + String(repeating: " ", count: max(0, width - of(fitted)))
    }
}
