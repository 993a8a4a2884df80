// The event socket's life: connecting → connected → reconnecting(attempt) → … with offline and
// authFailed as resting states. Pure: every input carries the current monotonic time, randomness
// comes from an injected JitterSource, and the output is a list of actions. Rules:
// - retries back off 1 s → 30 s ±25 %; the attempt counter resets only after the connection has
//   stayed up for `stableAfter` (a socket that opens and drops at once keeps backing off);
// - while no route to the server exists, retries pause: such a failure counts no attempt and
//   the next try waits `noRouteRetry` (a safety sweep), since a route appearing starts one at once;
// - close code 4001 means the key is wrong: stop retrying and say so;
// - an app-level ping goes out every `pingInterval` (5 s: one cheap heartbeat per server, which
//   also speaks for the tiles of that server); a pong later than `lateAfter` makes the link
//   "late" (the UI shows "last contact N s ago" and marks the data stale), and no frame at all
//   for two intervals means the link is half-open or the server frozen: drop it and reconnect;
// - every (re)connect asks for a resync and re-subscribes to every wanted session, in batches
//   that keep the socket under the server's rate limit (pings and subscriptions both count).

import ClaudePMProtocol

/// The reconnecting, heart-beating state machine of one server's event socket.
public struct ConnectionMachine: Sendable {
    /// Tunables; the defaults follow the issue text.
    public struct Configuration: Equatable, Sendable {
        /// Retry delays.
        public var backoff: Backoff = .standard
        /// Interval between app-level pings (the server's own timer is 30 s). Two intervals
        /// without a frame declare the link down.
        public var pingInterval: Duration = .seconds(5)
        /// How long a ping may wait for its pong before the link counts as late.
        public var lateAfter: Duration = .seconds(2)
        /// How long a connection must stay up before the attempt counter resets.
        public var stableAfter: Duration = .seconds(10)
        /// The next try after a failure for want of a route (the route watcher's `start` comes first
        /// when a route appears; this is the sweep for a change it could not see).
        public var noRouteRetry: Duration = .seconds(60)
        /// How long a connect attempt may take.
        public var connectTimeout: Duration = .seconds(15)
        /// Messages per 10 s this client allows itself on the socket (the server drops above 100).
        public var rateBudget = 80
        /// Part of the budget kept free for pings when subscribing many sessions at once.
        public var reservedForPings = 4

        /// The defaults.
        public init() {}
    }

    /// The tunables in use.
    public let configuration: Configuration
    /// The current status.
    public private(set) var status: ConnectionStatus = .offline
    /// The latest round-trip measurement, if any.
    public private(set) var roundTrip: RoundTrip?
    /// The session ids that should be subscribed while connected.
    public internal(set) var subscriptions: Set<String> = []
    /// Failures since the last stable connection.
    public private(set) var attempt = 0
    /// Subscriptions waiting for room in the rate budget, in sending order.
    public internal(set) var subscribeBacklog: [String] = []
    var rate = RateGuard()
    private var lastFrameAt = MonotonicTime.zero
    private var pingSentAt: MonotonicTime?
    private var jitter: any JitterSource
    /// True while a pong is overdue (reported as `.reportLate`).
    public private(set) var isLate = false

    /// Creates an offline machine.
    public init(configuration: Configuration = Configuration(), jitter: any JitterSource) {
        self.configuration = configuration
        self.jitter = jitter
    }

    /// Feeds one event and returns what to do, in order.
    public mutating func handle(_ event: ConnectionEvent, now: MonotonicTime) -> [ConnectionAction] {
        switch event {
        case .start: return start(now: now)
        case .stop: return stop()
        case .opened: return opened(now: now)
        case .closed(let code, let reason): return closed(code: code, reason: reason, now: now)
        case .noRoute: return noRoute(now: now)
        case .frameReceived:
            lastFrameAt = now
            return clearLate()
        case .pongReceived: return pong(now: now)
        case .timerFired(let timer): return timerFired(timer, now: now)
        case .subscriptionsChanged(let ids): return changeSubscriptions(ids, now: now)
        case .messagesSent(let count):
            for _ in 0..<max(0, count) { rate.record(at: now) }
            return []
        }
    }

    // MARK: Transitions

    private mutating func start(now: MonotonicTime) -> [ConnectionAction] {
        switch status {
        case .connecting, .connected: return []
        case .offline, .authFailed:
            attempt = 0
            return [.cancelTimer(.reconnect)] + beginConnecting(now: now)
        case .reconnecting:
            return [.cancelTimer(.reconnect)] + beginConnecting(now: now)
        }
    }

    private mutating func stop() -> [ConnectionAction] {
        let wasLive: Bool
        switch status {
        case .connecting, .connected: wasLive = true
        default: wasLive = false
        }
        status = .offline
        pingSentAt = nil
        isLate = false
        var actions = ConnectionTimer.allCases.map(ConnectionAction.cancelTimer)
        if wasLive { actions.append(.close(.userRequested)) }
        actions.append(.report(status))
        return actions
    }

    private mutating func beginConnecting(now: MonotonicTime) -> [ConnectionAction] {
        status = .connecting(attempt: attempt)
        return [
            .report(status), .connect,
            .scheduleTimer(.connectTimeout, at: now + configuration.connectTimeout),
        ]
    }

    private mutating func opened(now: MonotonicTime) -> [ConnectionAction] {
        guard case .connecting = status else { return [] }
        status = .connected
        lastFrameAt = now
        pingSentAt = nil
        isLate = false
        // A new link may take another route: the old smoothed round trip says nothing about it.
        roundTrip = nil
        var actions: [ConnectionAction] = [
            .cancelTimer(.connectTimeout),
            .scheduleTimer(.heartbeat, at: now + configuration.pingInterval),
            .scheduleTimer(.stable, at: now + configuration.stableAfter),
            .report(status), .resync,
        ]
        rate = RateGuard(budget: configuration.rateBudget)
        subscribeBacklog = []
        actions += queueSubscriptions(subscriptions.sorted(), now: now)
        return actions
    }

    private mutating func closed(code: UInt16?, reason: String, now: MonotonicTime) -> [ConnectionAction] {
        switch status {
        case .connecting, .connected: break
        default: return []
        }
        if code == unauthorizedCloseCode {
            status = .authFailed(message: Self.authMessage)
            pingSentAt = nil
            isLate = false
            return ConnectionTimer.allCases.map(ConnectionAction.cancelTimer) + [.report(status)]
        }
        return scheduleReconnect(now: now)
    }

    private mutating func noRoute(now: MonotonicTime) -> [ConnectionAction] {
        switch status {
        case .connecting, .connected: break
        default: return []
        }
        return scheduleReconnect(now: now, after: configuration.noRouteRetry)
    }

    /// The words for a rejected key, as the CLI's (`API key rejected by …`) and short enough for a
    /// status line at 80 columns; the server's own reason goes to the log with the close.
    public static let authMessage = "API key rejected: fix the key, then C-r"

    /// Schedules the next try: after the backoff of one more attempt, or, for want of a route,
    /// after `pause` with the attempt not counted.
    private mutating func scheduleReconnect(now: MonotonicTime, after pause: Duration? = nil) -> [ConnectionAction] {
        if pause == nil { attempt += 1 }
        pingSentAt = nil
        isLate = false
        subscribeBacklog = []
        let delay = pause ?? configuration.backoff.delay(attempt: attempt, unit: jitter.nextUnit())
        let retryAt = now + delay
        status = .reconnecting(attempt: max(attempt, 1), retryAt: retryAt)
        return [
            .cancelTimer(.heartbeat), .cancelTimer(.stable), .cancelTimer(.connectTimeout),
            .cancelTimer(.subscribeBacklog), .cancelTimer(.pongDue), .scheduleTimer(.reconnect, at: retryAt),
            .report(status),
        ]
    }

    private mutating func pong(now: MonotonicTime) -> [ConnectionAction] {
        lastFrameAt = now
        let cleared = clearLate()
        guard let sentAt = pingSentAt else { return cleared }
        pingSentAt = nil
        let sample = now - sentAt
        let smoothed = roundTrip.map { $0.smoothed * 0.875 + sample * 0.125 } ?? sample
        let measurement = RoundTrip(last: sample, smoothed: smoothed)
        roundTrip = measurement
        return cleared + [.cancelTimer(.pongDue), .reportRoundTrip(measurement)]
    }

    private mutating func clearLate() -> [ConnectionAction] {
        guard isLate else { return [] }
        isLate = false
        return [.reportLate(lastContact: nil)]
    }

    private mutating func timerFired(_ timer: ConnectionTimer, now: MonotonicTime) -> [ConnectionAction] {
        switch (timer, status) {
        case (.reconnect, .reconnecting):
            return beginConnecting(now: now)
        case (.connectTimeout, .connecting):
            return [.close(.connectTimeout)] + scheduleReconnect(now: now)
        case (.stable, .connected):
            attempt = 0
            return []
        case (.heartbeat, .connected):
            return heartbeat(now: now)
        case (.pongDue, .connected):
            guard let sent = pingSentAt, lastFrameAt < sent, !isLate else { return [] }
            isLate = true
            return [.reportLate(lastContact: lastFrameAt)]
        case (.subscribeBacklog, .connected):
            return flushSubscriptions(now: now)
        default:
            return []
        }
    }

    /// Pings, and declares the link down once two intervals passed without a frame. The next
    /// check is due at the next interval or exactly when that silence would reach two intervals.
    private mutating func heartbeat(now: MonotonicTime) -> [ConnectionAction] {
        let interval = configuration.pingInterval
        if now - lastFrameAt >= interval * 2 {
            return [.close(.halfOpen)] + scheduleReconnect(now: now)
        }
        var actions: [ConnectionAction] = []
        if pingSentAt == nil {
            pingSentAt = now
            actions.append(.scheduleTimer(.pongDue, at: now + configuration.lateAfter))
        }
        rate.record(at: now)
        let next = min(now + interval, lastFrameAt + interval * 2)
        return [.send(.ping)] + actions + [.scheduleTimer(.heartbeat, at: next)]
    }
}
