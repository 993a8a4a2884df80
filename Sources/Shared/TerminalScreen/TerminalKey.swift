/// A named key the screen encodes for the remote program (`TerminalScreen.encode(_:)`).
/// Characters, with or without Ctrl and Alt, have encoders of their own.
public enum TerminalKey: Hashable, Sendable {
    /// Enter / Return.
    case enter
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace.
    case backspace
    /// Delete (forward).
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Shift-Page up.
    case shiftPageUp
    /// Shift-Page down.
    case shiftPageDown
    /// Insert.
    case insert
    /// A function key, F1–F255.
    case function(Int)
}
