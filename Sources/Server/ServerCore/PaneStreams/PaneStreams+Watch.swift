// Panes the supervisor watches: each has a mirror whether or not a viewer looks at it, so the
// waiting detector and `session:output` read the server's own emulator (`screenLines`) instead of
// asking tmux for a capture each time a pane writes.
import Foundation
import TerminalScreen

extension PaneStreams {
    /// History lines a watched pane's mirror keeps when no viewer asks for more.
    public static let watchedHistory = 2_000

    /// Mirrors `pane` of `session` for the supervisor (and watches the session).
    public func watch(pane: String, session: String) throws(TmuxError) {
        try TmuxArgument.validatePaneID(pane)
        let client = try client(for: session)
        state.withLock { _ = $0.watchedPanes.insert(pane) }
        mirror(pane: pane, session: session, history: Self.watchedHistory, client: client)
    }

    /// Stops mirroring `pane` for the supervisor (its session ended; its viewers keep their
    /// mirror) and forgets its saved image.
    public func unwatch(pane: String) {
        state.withLock { s in
            s.watchedPanes.remove(pane)
            if s.byPane[pane] == nil { s.mirrors[pane] = nil }
        }
        images?.remove(pane: pane)
    }

    /// Bytes of the pane's output its mirror took since its last seed; nil while it has none
    /// ready.
    func fedBytes(pane: String) -> Int? {
        state.withLock { s in s.mirrors[pane].flatMap { $0.isReady ? $0.fedSinceSeed : nil } }
    }

    /// The pane's last `history` scrollback lines and its screen rows as `capture-pane -p -e`
    /// prints them (SGR where the style changes, trailing blanks left out), from its mirror; nil
    /// while the mirror has no seed yet (or the pane is not mirrored).
    public func screenLines(pane: String, history: Int) -> [String]? {
        state.withLock { s in s.mirrors[pane]?.lines(history: history) }
    }
}
