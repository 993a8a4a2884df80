// One terminal connection: its own WebSocket, one `pty:attach`, input only after `pty:attached`.
// attaching → attached(cols, rows) → reconnecting(n/10) → exited(code) / failed(reason).
// - A lost socket is retried up to 10 times with the event socket's backoff, re-attaching at the
//   last known size; the counter resets once an attachment has stayed up for `stableAfter`.
//   A failure for want of a route counts no attempt and waits `noRouteRetry`.
// - Keys typed while the link is in doubt (a pong is late) or down (reconnecting) are held and
//   shown as pending. If the same link answers again they go out in order; once a new link is
//   attached they are discarded and reported, never replayed: replaying stale keystrokes into a
//   remote shell is worse than losing them (PTYConnectionMachine+Doubt).
// - Input is coalesced and split by InputCoalescer; resizes are debounced by ResizeDebouncer;
//   every message on the socket counts against one RateGuard.

import ClaudePMProtocol

/// The state machine of one attached terminal.
public struct PTYConnectionMachine: Sendable {
    /// Tunables.
    public struct Configuration: Equatable, Sendable {
        /// Retry delays.
        public var backoff: Backoff = .standard
        /// Retries before giving up.
        public var maxAttempts = 10
        /// The next try after a failure for want of a route (not counted against `maxAttempts`).
        public var noRouteRetry: Duration = .seconds(60)
        /// How long an attachment must last before the retry counter resets.
        public var stableAfter: Duration = .seconds(10)
        /// How long to wait for `pty:attached`.
        public var attachTimeout: Duration = .seconds(10)
        /// Send `pty:selectPane` after attaching (focuses and zooms the session's pane, as iOS does).
        public var selectPaneOnAttach = true
        /// Attach read-only (our server's extension; ignored upstream) and drop all input.
        public var readOnly = false
        /// Ask for a pane stream (our server's extension, `stream: "pane"`: a snapshot, then the
        /// pane's own bytes); an upstream server ignores it and attaches a tmux client.
        public var paneStream = false
        /// History rows wanted in a pane stream's snapshot (nil: the server's default).
        public var paneHistory: Int?
        /// Input batching.
        public var input = InputCoalescer.Configuration()
        /// Resize debounce delay.
        public var resizeDelay: Duration = .milliseconds(100)
        /// App-level ping interval while attached (nil: no pings, as for tiles, whose server's
        /// event socket is their heartbeat). Two silent intervals mean the link is half-open (or
        /// the server frozen) and it is re-established.
        public var pingInterval: Duration? = .seconds(5)
        /// How long a ping (or input) may go unanswered before the link counts as late.
        public var lateAfter: Duration = .seconds(2)

        /// The defaults.
        public init() {}
    }

    /// The session this terminal shows.
    public let sessionId: String
    /// The tunables in use (the access part changes with `.setAccess`).
    public internal(set) var configuration: Configuration
    /// The current status.
    public internal(set) var status: PTYStatus = .idle
    /// The last size the user's view asked for (used for every (re)attach).
    public internal(set) var size: ResizeDebouncer.Size
    /// Failures since the last stable attachment.
    public internal(set) var attempt = 0
    var coalescer: InputCoalescer
    var debouncer: ResizeDebouncer
    var jitter: any JitterSource
    var hasAttachedBefore = false
    var lastFrameAt = MonotonicTime.zero
    var pingSentAt: MonotonicTime?
    /// The latest round-trip measurement on this socket, if any.
    public internal(set) var roundTrip: RoundTrip?
    /// True while a pong is overdue on the attached link.
    public internal(set) var isLate = false
    /// Input held while the link is in doubt or down.
    var heldInput = ""
    /// Bytes sent since the last frame arrived, and when the first of them went out.
    var unconfirmed: (bytes: Int, since: MonotonicTime)?

    /// Creates an idle machine for `sessionId`.
    public init(sessionId: String, configuration: Configuration = Configuration(), jitter: any JitterSource) {
        self.sessionId = sessionId
        self.configuration = configuration
        self.jitter = jitter
        self.size = ResizeDebouncer.Size(cols: 80, rows: 24)
        self.coalescer = InputCoalescer(sessionId: sessionId, configuration: configuration.input)
        self.debouncer = ResizeDebouncer(delay: configuration.resizeDelay)
    }

    /// Typed bytes waiting in the coalescer (sent at the next flush unless the link drops).
    public var pendingInputBytes: Int { coalescer.pendingByteCount }

    /// True while input can be sent.
    public var isAttached: Bool {
        if case .attached = status { return true }
        return false
    }

    /// Feeds one event and returns what to do, in order.
    public mutating func handle(_ event: PTYEvent, now: MonotonicTime) -> [PTYAction] {
        switch event {
        case .attached, .exited, .serverError, .frameReceived, .pongReceived:
            lastFrameAt = now
            return heardFrom(now: now) + dispatch(event, now: now)
        default: return dispatch(event, now: now)
        }
    }

    private mutating func dispatch(_ event: PTYEvent, now: MonotonicTime) -> [PTYAction] {
        switch event {
        case .open(let cols, let rows): return open(cols: cols, rows: rows, now: now)
        case .socketOpened: return socketOpened(now: now)
        case .socketClosed(let code, let reason): return socketClosed(code: code, reason: reason, now: now)
        case .noRoute: return noRoute(now: now)
        case .retryNow: return retryNow()
        case .attached(let cols, let rows): return attached(cols: cols, rows: rows, now: now)
        case .exited(let code): return exited(code: code)
        case .serverError(let code, let message): return serverError(code: code, message: message)
        case .input(let text): return input(text, now: now)
        case .inputSent: return inputSent(now: now)
        case .resize(let cols, let rows): return resize(cols: cols, rows: rows, now: now)
        case .detach: return detach(now: now)
        case .setAccess(let access, let cols, let rows): return setAccess(access, cols: cols, rows: rows, now: now)
        case .fit(let cols, let rows): return fit(cols: cols, rows: rows, now: now)
        case .frameReceived: return []
        case .pongReceived: return pong(now: now)
        case .timerFired(let timer): return timerFired(timer, now: now)
        }
    }
}
