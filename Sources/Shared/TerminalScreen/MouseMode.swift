/// Mouse reporting the remote program asked for (`VTERM_PROP_MOUSE`).
public enum MouseMode: Int, Equatable, Hashable, Sendable {
    /// No reporting: mouse events belong to the client (selection, scrolling).
    case none = 0
    /// Button presses and releases (DEC 1000).
    case click = 1
    /// Presses plus motion while a button is held (DEC 1002).
    case drag = 2
    /// All motion (DEC 1003).
    case move = 3
}

/// A mouse button as libvterm numbers it (`TerminalScreen.encode` sends clicks and wheel steps).
enum MouseButton: Int32, Equatable, Hashable, Sendable {
    /// Button 1.
    case left = 1
    /// Button 2.
    case middle = 2
    /// Button 3.
    case right = 3
    /// Wheel up (button 4).
    case wheelUp = 4
    /// Wheel down (button 5).
    case wheelDown = 5
}
