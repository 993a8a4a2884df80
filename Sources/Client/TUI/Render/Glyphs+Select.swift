// Choosing the glyph set from the environment (see fonts/README.md).

extension Glyphs {
    /// ASCII when asked for (`CLAUDEPM_ASCII=1`), on terminals without Unicode line drawing, or in a
    /// non-UTF-8 locale; Unicode otherwise.
    public static func select(environment: [String: String]) -> Glyphs {
        if environment["CLAUDEPM_ASCII"] == "1" { return .ascii }
        if ["linux", "vt100", "vt220", "dumb"].contains(environment["TERM"] ?? "") { return .ascii }
        let locale = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
        let utf8 = locale.lowercased().replacingOccurrences(of: "-", with: "").contains("utf8")
        return utf8 ? .unicode : .ascii
    }
}
