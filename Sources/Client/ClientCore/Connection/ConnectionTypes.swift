// The vocabulary of ConnectionMachine: what happens (events), what to do (actions), and the
// state it reports to the UI.

/// The timers the event-socket machine asks for. Scheduling a kind again replaces the earlier
/// timer of that kind.
public enum ConnectionTimer: Hashable, Sendable, CaseIterable {
    /// Time to try connecting again.
    case reconnect
    /// Time to send a ping and check the link is alive.
    case heartbeat
    /// The connection has stayed up long enough to reset the retry counter.
    case stable
    /// A connect attempt is taking too long.
    case connectTimeout
    /// Room in the rate budget for subscriptions that had to wait.
    case subscribeBacklog
    /// The pong of the last ping is due; without it the link counts as late.
    case pongDue
}

/// Why the machine asks to close the socket.
public enum CloseReason: Equatable, Sendable {
    /// The user disconnected or quit.
    case userRequested
    /// Nothing arrived within two heartbeat intervals: the link is half-open.
    case halfOpen
    /// The socket did not open in time.
    case connectTimeout
}

/// What the UI shows about a server connection.
public enum ConnectionStatus: Equatable, Sendable {
    /// Not connected and not trying (never started, or stopped by the user).
    case offline
    /// A connection attempt is under way; `attempt` is 0 for the first try.
    case connecting(attempt: Int)
    /// Connected and resynchronised.
    case connected
    /// Waiting to retry; `attempt` counts failures since the last stable connection.
    case reconnecting(attempt: Int, retryAt: MonotonicTime)
    /// The server rejected the API key (close code 4001). No more retries until restarted.
    case authFailed(message: String)
}

/// Round-trip time of app-level pings: the last sample and a smoothed value (as TCP's SRTT, α = 1/8).
public struct RoundTrip: Equatable, Sendable {
    /// The most recent sample.
    public var last: Duration
    /// The smoothed value.
    public var smoothed: Duration

    /// Creates a value.
    public init(last: Duration, smoothed: Duration) {
        self.last = last
        self.smoothed = smoothed
    }
}

/// Inputs to ConnectionMachine.
public enum ConnectionEvent: Equatable, Sendable {
    /// The user wants this server connected (also "retry now" while waiting, and after auth failure).
    case start
    /// The user wants it disconnected.
    case stop
    /// The WebSocket handshake completed.
    case opened
    /// The socket closed or could not be opened; `code` is the close code if one was received.
    case closed(code: UInt16?, reason: String)
    /// The socket could not be opened because no route to the server exists (the network is
    /// unreachable: no link, no default route). Retrying cannot help until a route appears, so
    /// the attempt is not counted and the next try waits `noRouteRetry`; a route appearing
    /// (`start`, from the route watcher) tries at once.
    case noRoute(reason: String)
    /// Any frame arrived.
    case frameReceived
    /// A `pong` arrived (counts as a frame too).
    case pongReceived
    /// A timer the machine scheduled fired.
    case timerFired(ConnectionTimer)
    /// The set of session ids to be subscribed to changed (all running sessions).
    case subscriptionsChanged(Set<String>)
    /// The network layer sent this many other messages on the socket (they count against the
    /// server's rate limit too).
    case messagesSent(Int)
}

/// The close code a Claude PM server uses when the API key is missing or wrong.
public let unauthorizedCloseCode: UInt16 = 4001
