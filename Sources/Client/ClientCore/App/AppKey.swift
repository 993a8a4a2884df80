// Keys as the app understands them: the one key type of the client. The TUI decodes them from
// ncurses codes or raw bytes, `reduce` routes them through the Keymap, and in full-screen attach
// the session's TerminalScreen encodes them for the remote program (TUI's
// `TerminalScreen+AppKey.swift` maps each onto the screen's own key vocabulary).

/// A key press (or mouse event) delivered to `reduce`.
public enum AppKey: Hashable, Sendable, CustomStringConvertible {
    /// A printable character, including space.
    case char(Character)
    /// A control chord, `C-x`, spelled with the character of 0x40 + byte in lowercase (`C-]` is
    /// `.ctrl("]")`). Tab, Enter, Escape and Backspace have their own cases.
    case ctrl(Character)
    /// An Alt/Meta chord (ESC followed by a character).
    case alt(Character)
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
    /// Insert.
    case insert
    /// Shift-Page up (enters scrollback in attach).
    case shiftPageUp
    /// Shift-Page down.
    case shiftPageDown
    /// A function key, F1–F24.
    case function(Int)
    /// A mouse event at a screen position.
    case mouse(MouseEvent)
    /// Text pasted with bracketed paste (`CSI 200~ … CSI 201~`).
    case paste(String)
    /// The outer terminal gained (true) or lost focus (focus reporting, `CSI I` / `CSI O`).
    case focus(Bool)

    /// The key for a control byte (0x00–0x1F, 0x7F), using the dedicated cases where they exist.
    public static func fromControlByte(_ byte: UInt8) -> AppKey? {
        switch byte {
        case 0x09: return .tab
        case 0x0D, 0x0A: return .enter
        case 0x1B: return .escape
        case 0x7F, 0x08: return .backspace
        case 0x00...0x1F:
            let scalar = Unicode.Scalar(byte + 0x40)
            return .ctrl(Character(String(scalar).lowercased()))
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "C-\(c)"
        case .alt(let c): return "M-\(c)"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .backspace: return "BSpace"
        case .delete: return "Del"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .insert: return "Ins"
        case .shiftPageUp: return "S-PgUp"
        case .shiftPageDown: return "S-PgDn"
        case .function(let n): return "F\(n)"
        case .mouse(let m): return "Mouse(\(m))"
        case .paste(let text): return "Paste(\(text.count) chars)"
        case .focus(let inside): return inside ? "FocusIn" : "FocusOut"
        }
    }
}

/// A mouse event.
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// Left button pressed.
        case press
        /// Wheel up.
        case wheelUp
        /// Wheel down.
        case wheelDown
    }

    /// What happened.
    public var kind: Kind
    /// Screen row (0-based).
    public var row: Int
    /// Screen column (0-based).
    public var col: Int

    /// Creates a mouse event.
    public init(kind: Kind, row: Int, col: Int) {
        self.kind = kind
        self.row = row
        self.col = col
    }

    public var description: String { "\(kind) \(row),\(col)" }
}
