// What network tasks post to the UI loop: app facts, and the byte streams of attached terminals.
import ClientCore

/// One Sendable value for the UI loop.
public enum RuntimeEvent: Sendable {
    /// A fact for `reduce`.
    case app(AppEvent)
    /// Output bytes of a session's terminal, for its `TerminalScreen`.
    case terminalOutput(SessionKey, generation: Int, [UInt8])
    /// A pane stream starts over from a snapshot of `size` (reset, resize, feed).
    case terminalSnapshot(SessionKey, generation: Int, size: GridSize, [UInt8])
    /// The local emulator must be reset before a re-attach redraw.
    case terminalReset(SessionKey, generation: Int)
    /// The terminal stream's state (attaching, attached, reconnecting 2/10…).
    case terminalStatus(SessionKey, generation: Int, PTYStatus)
    /// A transient problem of the terminal stream.
    case terminalNotice(SessionKey, generation: Int, String)
    /// A fact about the terminal stream's link for `reduce` (late, pending input), dropped when
    /// it comes from a stream the loop already replaced.
    case terminalLink(SessionKey, generation: Int, AppEvent)
    /// A ping round trip measured on the terminal stream (for predictive echo).
    case terminalRoundTrip(SessionKey, generation: Int, Duration)
}

extension RuntimeEvent {
    /// True for a fact for `reduce` (as opposed to terminal bytes and states).
    var isApp: Bool {
        if case .app = self { return true }
        return false
    }
}
