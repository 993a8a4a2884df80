// The vocabulary of PTYConnectionMachine.

import ClaudePMProtocol

/// Timers the PTY machine asks for; scheduling a kind again replaces the earlier timer.
public enum PTYTimer: Hashable, Sendable, CaseIterable {
    /// Retry the connection.
    case reconnect
    /// Flush coalesced input.
    case flushInput
    /// Send a debounced resize.
    case resize
    /// The attachment has lasted long enough to reset the retry counter.
    case stable
    /// The server has not answered `pty:attach` in time.
    case attachTimeout
    /// Time to ping and check the link is alive.
    case heartbeat
    /// The pong of the last ping is due; without it the link counts as late.
    case pongDue
    /// Input went out a while ago and nothing came back since: probe the link with a ping.
    case inputCheck
}

/// What the UI shows about one terminal connection.
public enum PTYStatus: Equatable, Sendable {
    /// Not started.
    case idle
    /// The socket is opening; `attempt` counts failures so far.
    case connecting(attempt: Int)
    /// `pty:attach` was sent; waiting for `pty:attached` before sending any input.
    case attaching
    /// Attached at this size (the size the server reported).
    case attached(cols: Int, rows: Int)
    /// Lost; retry `attempt` of `maxAttempts` happens at `retryAt`.
    case reconnecting(attempt: Int, maxAttempts: Int, retryAt: MonotonicTime)
    /// The user detached.
    case detached
    /// The remote tmux client exited (session ended or detached from inside).
    case exited(code: Int)
    /// Gave up: the reason is shown to the user; `.open` tries again from scratch.
    case failed(reason: String)
}

/// Why the PTY machine closes its socket.
public enum PTYCloseReason: Equatable, Sendable {
    /// The user left the session.
    case userDetached
    /// The remote process exited.
    case sessionExited
    /// Attaching failed for good (bad pane, unknown session, auth).
    case attachFailed
    /// The server did not answer the attach in time.
    case attachTimeout
    /// Nothing arrived within two heartbeat intervals: the link is half-open.
    case halfOpen
}

/// Inputs to PTYConnectionMachine.
public enum PTYEvent: Equatable, Sendable {
    /// Connect and attach at this size (also a manual retry after `failed`).
    case open(cols: Int, rows: Int)
    /// The socket opened.
    case socketOpened
    /// The socket closed or failed to open.
    case socketClosed(code: UInt16?, reason: String)
    /// The socket could not be opened for want of a route to the server: the retry waits
    /// `noRouteRetry` and counts no attempt (a stream is never given up for a network that is
    /// away); `open` tries at once, as when the server's event socket is back.
    case noRoute(reason: String)
    /// Try at once if waiting to reconnect (the server's event socket is back, or the user asked).
    case retryNow
    /// `pty:attached` with the size the server used.
    case attached(cols: Int, rows: Int)
    /// `pty:exit`.
    case exited(code: Int)
    /// An `error` message (code as on the wire, e.g. `PTY_INVALID_PANE`).
    case serverError(code: String, message: String)
    /// Keys or pasted text from the user.
    case input(String)
    /// A `pty:data` frame the machine asked to send was written (or failed to be): input typed
    /// meanwhile may leave now.
    case inputSent
    /// The local view changed size.
    case resize(cols: Int, rows: Int)
    /// The user leaves the session.
    case detach
    /// Switch between watching and interactive on the same stream, at this size (a pane stream
    /// of our server; see PTYConnectionMachine+Access).
    case setAccess(PTYConnectionMachine.Access, cols: Int, rows: Int)
    /// The user asked to size the remote window to the local view at once (claudepm's resize
    /// key), also where the server leaves windows alone otherwise (tmux's `window-size manual`).
    case fit(cols: Int, rows: Int)
    /// Any other frame arrived (e.g. `pty:output`): the link is alive.
    case frameReceived
    /// A `pong` arrived.
    case pongReceived
    /// A timer fired.
    case timerFired(PTYTimer)
}

/// Commands for the network layer.
public enum PTYAction: Sendable {
    /// Open a new WebSocket for this terminal.
    case connect
    /// Close the socket.
    case close(PTYCloseReason)
    /// Send this message (after a `pty:data` frame, report `.inputSent` once it is written).
    case send(ClientMessage)
    /// Fire `.timerFired(kind)` at this time, replacing a pending timer of the same kind.
    case scheduleTimer(PTYTimer, at: MonotonicTime)
    /// Cancel a pending timer.
    case cancelTimer(PTYTimer)
    /// This many bytes of user input were dropped (typed while the link was down or in doubt, or
    /// not yet sent when it dropped); tell the user (they are never sent later).
    case dropInput(count: Int)
    /// Reset the local terminal emulator's modes before the fresh redraw of a re-attach.
    case resetTerminal
    /// A transient problem to show (e.g. the server rate-limited input).
    case notice(String)
    /// This many bytes of input went out just before the link dropped and were never confirmed:
    /// they may not have arrived (reported until the user types again).
    case reportUnconfirmed(bytes: Int)
    /// The status changed.
    case report(PTYStatus)
    /// A new round-trip measurement (for latency display and predictive echo decisions).
    case reportRoundTrip(RoundTrip)
    /// A pong is overdue: the link is in doubt since `lastContact` (the last frame), or, with nil,
    /// a frame arrived again.
    case reportLate(lastContact: MonotonicTime?)
    /// This many bytes of input are held, unsent, while the link is in doubt or down (0: none).
    /// Show them as pending: they are sent if the same link answers again, and discarded (with a
    /// `.dropInput`) once a new link is attached, never replayed into it.
    case reportHeld(bytes: Int)
}
