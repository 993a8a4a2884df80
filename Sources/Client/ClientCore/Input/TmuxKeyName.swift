// Which words tmux's `send-keys` takes as keys, so `claudepm send --keys` can refuse the rest.
// tmux types a word it does not know as text (`Escpe` reaches the session as five letters), so
// a typo would go to Claude as input. A word is optional modifiers, `C-` (or a leading `^`),
// `M-`, `S-` in any case, then one character or a name of tmux's key table (case-insensitive);
// or `0x` and a hex code. Which modifiers a key takes was measured on tmux 3.3a (a word it does
// not take is typed as text or sends nothing, and is refused here too; `TmuxKeyNameTests` and
// the CLI tests check every accepted form against the real tmux): Meta takes every key; Ctrl
// takes letters, `@[\]^_?`, `-` (without Meta) and Space; Shift takes only F1–F12, the arrows
// and the navigation keys, which take every modifier. F13 and above, mouse and `User` keys mean
// nothing to a session and are refused.

/// tmux key names.
public enum TmuxKeyName {
    /// F1–F12, the arrows and the navigation keys: they take every modifier.
    public static let navigation: [String] =
        (1...12).map { "F\($0)" } + [
            "Up", "Down", "Left", "Right", "Home", "End", "IC", "Insert", "DC", "Delete", "PPage", "PageUp", "PgUp",
            "NPage", "PageDown", "PgDn",
        ]

    /// The other names of tmux's key table that `--keys` accepts: they take Meta only (Space
    /// takes Ctrl too).
    public static let others: [String] =
        ["Enter", "Escape", "Tab", "BTab", "Space", "BSpace"]
        + ["KP0", "KP1", "KP2", "KP3", "KP4", "KP5", "KP6", "KP7", "KP8", "KP9", "KP/", "KP*", "KP-", "KP+", "KP."]
        + ["KPEnter"]

    /// Every accepted name.
    public static var names: [String] { navigation + others }

    /// The forms `--keys` takes, for the error message.
    public static let validForms = """
        --keys takes tmux key names separated by spaces:
          one character: a, 1, :, é
          Enter Escape Tab BTab Space BSpace Up Down Left Right Home End IC (Insert) DC (Delete)
          PPage (PageUp, PgUp) NPage (PageDown, PgDn) F1 to F12 KP0 to KP9 KP/ KP* KP- KP+ KP. KPEnter
          M- (Meta) before any of them: M-x, M-Enter
          C- (Ctrl) or ^ before a letter, @ [ \\ ] ^ _ ? - or Space, and before F1 to F12, the arrows,
            Home, End, IC, DC, PPage, NPage: C-c, ^c, C-Space, C-M-a, C-Up
          S- (Shift) only before F1 to F12, the arrows, Home, End, IC, DC, PPage, NPage: S-Up, C-S-F5
          0x and a hex code: a character by its number, e.g. 0x1b
        Text goes without --keys: claudepm send <session> <text>
        """

    /// The words of `keys` (split on spaces, as the server splits them) that are not keys.
    public static func unknown(in keys: String) -> [String] {
        keys.split(separator: " ").map(String.init).filter { !isKey($0) }
    }

    /// True when tmux takes `word` as one key.
    public static func isKey(_ word: String) -> Bool {
        if word.hasPrefix("0x") { return isHexKey(word.dropFirst(2)) }
        guard let (modifiers, base) = split(word) else { return false }
        if contains(navigation, base) { return true }
        if base.unicodeScalars.count == 1, let scalar = base.unicodeScalars.first {
            return takes(modifiers, scalar)
        }
        guard contains(others, base) else { return false }
        if modifiers.shift { return false }
        return !modifiers.control || base.lowercased() == "space"
    }

    /// The accepted word closest to `word` (at most two edits in a name of four or more
    /// letters), for "did you mean".
    public static func suggestion(for word: String) -> String? {
        let bare = word.split(separator: "-", omittingEmptySubsequences: false).last.map(String.init) ?? word
        let head = String(word.dropLast(bare.count))
        guard bare.count >= 4 else { return nil }
        let ranked = names.map { ($0, distance(bare.lowercased(), $0.lowercased())) }.filter { $0.1 <= 2 }
        guard let best = ranked.min(by: { $0.1 < $1.1 }), isKey(head + best.0) else { return nil }
        return head + best.0
    }

    struct Modifiers {
        var control = false
        var meta = false
        var shift = false
    }

    /// Modifiers and the rest, as tmux reads them (`^` first, then `X-` prefixes); nil when a
    /// prefix is no modifier or nothing is left.
    private static func split(_ word: String) -> (Modifiers, Substring)? {
        var modifiers = Modifiers()
        var rest = Substring(word)
        if rest.first == "^", rest.count > 1 {
            modifiers.control = true
            rest = rest.dropFirst()
        }
        while rest.count >= 2, let first = rest.first, rest.dropFirst().first == "-" {
            switch first {
            case "C", "c": modifiers.control = true
            case "M", "m": modifiers.meta = true
            case "S", "s": modifiers.shift = true
            default: return nil
            }
            rest = rest.dropFirst(2)
        }
        return rest.isEmpty ? nil : (modifiers, rest)
    }

    /// One character with `modifiers`: any printable one alone or with Meta; Ctrl with a letter,
    /// `@[\]^_?`, or `-` without Meta; no ASCII character with Shift.
    private static func takes(_ modifiers: Modifiers, _ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value > 127 { return true }
        guard (33...126).contains(value), !modifiers.shift else { return false }
        guard modifiers.control else { return true }
        if (64...95).contains(value) || (97...122).contains(value) || value == 63 { return true }
        return value == 45 && !modifiers.meta
    }

    private static func contains(_ list: [String], _ name: Substring) -> Bool {
        list.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    private static func isHexKey(_ digits: Substring) -> Bool {
        guard !digits.isEmpty, digits.count <= 6, let value = UInt32(digits, radix: 16) else { return false }
        return value <= 0x1F_FFFF
    }

    /// Levenshtein distance of two short words.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
