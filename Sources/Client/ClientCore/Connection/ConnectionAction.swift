// Commands ConnectionMachine returns for the network layer to carry out.

import ClaudePMProtocol

/// What the network layer must do after handing an event to ConnectionMachine.
public enum ConnectionAction: Sendable {
    /// Open the event WebSocket (with the API key in `?apiKey=`).
    case connect
    /// Close the socket (or abandon the attempt).
    case close(CloseReason)
    /// Send this message on the socket.
    case send(ClientMessage)
    /// Fire `.timerFired(kind)` at this time, replacing any pending timer of the same kind.
    case scheduleTimer(ConnectionTimer, at: MonotonicTime)
    /// Cancel the pending timer of this kind, if any.
    case cancelTimer(ConnectionTimer)
    /// Refetch everything that may have changed while disconnected: sessions, notifications,
    /// tickets (the UI marks data stale until it arrives).
    case resync
    /// Send `session:subscribe` for each id (the server forgets subscriptions on disconnect).
    case subscribe([String])
    /// Send `session:unsubscribe` for each id.
    case unsubscribe([String])
    /// The status changed; show it.
    case report(ConnectionStatus)
    /// A new round-trip measurement is available.
    case reportRoundTrip(RoundTrip)
    /// A pong is overdue: the link is in doubt since `lastContact` (the last frame received), or,
    /// with nil, a frame arrived again. Show "last contact N s ago" and mark the data stale.
    case reportLate(lastContact: MonotonicTime?)
}
