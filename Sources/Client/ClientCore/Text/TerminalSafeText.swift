// Text from a server made safe for a terminal: the plain-text CLI prints names, titles and
// messages that any server (or anyone who can name a session or ticket) controls, so control
// characters (C0, DEL, C1), ESC and the bidi overrides and isolates are shown escaped
// (`\x1b`, `\u{202e}`) instead of reaching the terminal, where they could set the title, write
// the clipboard (OSC 52), clear the screen or reorder what the user reads.

/// Escaping of terminal-active characters (shared by the CLI's plain text and the TUI's lists).
public enum TerminalSafeText {
    /// `text` with every terminal-active character escaped; `\n` is kept when `keepNewlines`.
    public static func escaped(_ text: String, keepNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isActive($0, keepNewlines: keepNewlines) }) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            if isActive(scalar, keepNewlines: keepNewlines) {
                out +=
                    scalar.value <= 0xFF
                    ? "\\x" + hex(scalar.value, digits: 2) : "\\u{" + hex(scalar.value, digits: 4) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// True for C0 controls (tab included), DEL, C1 controls and the bidi formatting characters.
    public static func isActive(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        let v = scalar.value
        if v == 0x0A { return !keepNewlines }
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x200E || v == 0x200F || v == 0x061C
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
