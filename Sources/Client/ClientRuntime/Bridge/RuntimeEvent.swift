// What network tasks post to the UI loop: app facts, and the outputs of terminal streams.
import ClientCore

/// One Sendable value for the UI loop.
public enum RuntimeEvent: Sendable {
    /// A fact for `reduce`.
    case app(AppEvent)
    /// An output of a session's terminal stream, as the stream produced it, tagged with the
    /// stream's generation (dropped when the loop has replaced that stream since).
    case terminal(SessionKey, generation: Int, PTYOutput)
}

extension RuntimeEvent {
    /// True for a fact for `reduce` (as opposed to terminal bytes and states).
    var isApp: Bool {
        if case .app = self { return true }
        return false
    }
}
