/// A cell colour as the remote program set it, before any palette lookup.
///
/// The renderer decides how to show each case (default colours usually map to the outer
/// terminal's own defaults; indexed colours 0–15 to its palette).
public enum TerminalColor: Equatable, Hashable, Sendable {
    /// The terminal's default foreground or background (no SGR colour in effect).
    case `default`
    /// An entry of the 256-colour palette (SGR 30–37, 90–97, 38;5;n …).
    case indexed(UInt8)
    /// A 24-bit colour (SGR 38;2;r;g;b / 48;2;r;g;b).
    case rgb(UInt8, UInt8, UInt8)
}
