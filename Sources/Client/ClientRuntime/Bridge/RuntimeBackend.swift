// What the UI loop asks of the network: terminal streams and REST actions. `NetworkBackend` is
// the real one; the protocol keeps `RuntimeApp` free of ClientNetwork types.
import ClientCore

/// The network side as the app sees it. Calls return at once; results arrive as events.
protocol RuntimeBackend: AnyObject, Sendable {
    /// Opens a terminal stream for `key` at `cols` x `rows`, asking for a pane stream when
    /// `paneStream` (else plain `pty:attach`: a tmux client); its output is posted with `generation`.
    func openTerminal(
        _ key: SessionKey, cols: Int, rows: Int, readOnly: Bool, paneStream: Bool, generation: Int
    ) -> (any TerminalChannel)?
    /// Carries out a request to one server (send input, ticket actions, board loads, notifications,
    /// session refreshes); its result arrives as app events.
    func perform(_ effect: NetworkEffect)
    /// Connects every server that is down now (the user asked: Ctrl-R, `:reconnect`).
    func reconnectAll()
}
