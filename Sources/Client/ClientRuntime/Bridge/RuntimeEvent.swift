// What network tasks post to the UI loop: app facts, the outputs of terminal streams, and the
// `session:output` pictures of servers without pane streams (their tiles' only source).
import ClientCore

/// One Sendable value for the UI loop.
public enum RuntimeEvent: Sendable {
    /// A fact for `reduce`.
    case app(AppEvent)
    /// An output of a session's terminal stream, as the stream produced it, tagged with the
    /// stream's generation (dropped when the loop has replaced that stream since).
    case terminal(SessionKey, generation: Int, PTYOutput)
    /// A `session:output` snapshot of a session (its pane's captured lines, SGR escapes kept), from
    /// a server that does not stream panes or has not said yet.
    case picture(SessionKey, lines: [String])
}

extension RuntimeEvent {
    /// True for a fact for `reduce` (as opposed to terminal bytes and states).
    var isApp: Bool {
        if case .app = self { return true }
        return false
    }
}
