/// A key the user pressed, to be encoded for the remote program by `TerminalScreen.encode`.
public enum TerminalKey: Sendable, Hashable {
    /// A printable character (or a letter combined with Ctrl/Alt).
    case character(Unicode.Scalar)
    /// Return.
    case enter
    /// Tab (Shift+Tab is `.tab` with `.shift`).
    case tab
    /// Backspace (sends DEL, 0x7f).
    case backspace
    /// Escape.
    case escape
    /// Cursor up.
    case up
    /// Cursor down.
    case down
    /// Cursor left.
    case left
    /// Cursor right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward).
    case delete
    /// F1…F255; 0 or out of range encodes to nothing.
    case function(Int)
}

/// Modifier keys held with a `TerminalKey`. The raw values match libvterm's `VTermModifier`.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The raw bits (`VTERM_MOD_*`).
    public let rawValue: UInt8

    /// Creates modifiers from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 0x01)
    /// Alt / Meta / Option.
    public static let alt = KeyModifiers(rawValue: 0x02)
    /// Control.
    public static let ctrl = KeyModifiers(rawValue: 0x04)
}
