// Every non-ASCII glyph the TUI draws itself, with an ASCII fallback for terminals and fonts that
// lack them (fonts/glyph-fallback.tsv is the same table for humans; a test keeps them in step).

/// The glyph set the views draw with.
public struct Glyphs: Hashable, Sendable {
    /// Box corner, top left.
    public var topLeft: String
    /// Box corner, top right.
    public var topRight: String
    /// Box corner, bottom left.
    public var bottomLeft: String
    /// Box corner, bottom right.
    public var bottomRight: String
    /// Box edge, horizontal.
    public var horizontal: String
    /// Box edge, vertical.
    public var vertical: String
    /// Status: running.
    public var running: String
    /// Status: completed.
    public var completed: String
    /// Status: error.
    public var error: String
    /// Status: paused.
    public var paused: String
    /// Waiting badge.
    public var waiting: String
    /// Unread dot.
    public var unread: String
    /// Stale / offline marker.
    public var stale: String
    /// Selection pointer.
    public var pointer: String
    /// Live-session marker on a ticket card.
    public var live: String
    /// Bell (notifications).
    public var bell: String

    /// Unicode box drawing and symbols (the default).
    public static let unicode = Glyphs(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│",
        running: "●", completed: "✓", error: "✗", paused: "‖", waiting: "◆", unread: "•", stale: "~",
        pointer: "▶", live: "◉", bell: "!")

    /// Plain ASCII, for `--ascii` or terminals without the glyphs.
    public static let ascii = Glyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|",
        running: "*", completed: "v", error: "x", paused: "=", waiting: "!", unread: "*", stale: "~",
        pointer: ">", live: "@", bell: "!")

    /// Name and glyph pairs in declaration order (what fonts/glyph-fallback.tsv lists).
    public var table: [(name: String, glyph: String)] {
        [
            ("topLeft", topLeft), ("topRight", topRight), ("bottomLeft", bottomLeft),
            ("bottomRight", bottomRight), ("horizontal", horizontal), ("vertical", vertical),
            ("running", running), ("completed", completed), ("error", error), ("paused", paused),
            ("waiting", waiting), ("unread", unread), ("stale", stale), ("pointer", pointer), ("live", live),
            ("bell", bell),
        ]
    }
}
