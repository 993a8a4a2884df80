// Switching a pane stream between watching and interactive in place (issue 15: a switch that
// is drawn at once). The tile's stream already shows the pane, so full-screen attach keeps it and
// sends one `pty:resize` with `readOnly` (claudepm's extension) instead of a new socket and
// attach; detaching sends it back the other way. The heartbeat follows the mode: tiles have none
// (their server's event socket is theirs), an interactive terminal pings.

import ClaudePMProtocol

extension PTYConnectionMachine {
    /// What a terminal may do, and how its link is watched.
    public struct Access: Equatable, Sendable {
        /// No input; a pane stream does not size its pane.
        public var readOnly: Bool
        /// App-level ping interval (nil: none).
        public var pingInterval: Duration?

        /// Memberwise initializer.
        public init(readOnly: Bool, pingInterval: Duration?) {
            self.readOnly = readOnly
            self.pingInterval = pingInterval
        }
    }

    mutating func setAccess(_ access: Access, cols: Int, rows: Int, now: MonotonicTime) -> [PTYAction] {
        let changed = access.readOnly != configuration.readOnly
        size = ResizeDebouncer.Size(cols: cols, rows: rows).clampedForServer
        var actions: [PTYAction] = []
        if isAttached, access.readOnly, !configuration.readOnly {
            // Keys typed just before leaving go out first, as a detach would send them.
            actions += map(coalescer.flushAll(now: now)) + discardHeld()
        }
        configuration.readOnly = access.readOnly
        actions += setPingInterval(access.pingInterval, now: now)
        guard isAttached else { return actions }
        guard changed else { return actions + resize(cols: cols, rows: rows, now: now) }
        coalescer.rate.record(at: now)
        debouncer.confirm(size)
        return actions + [
            .cancelTimer(.resize),
            .send(.ptyResize(sessionId: sessionId, cols: size.cols, rows: size.rows, readOnly: access.readOnly)),
        ]
    }

    /// Sends a resize marked `fit` at once (no debounce: the user pressed a key for it); a
    /// read-only stream sizes nothing.
    mutating func fit(cols: Int, rows: Int, now: MonotonicTime) -> [PTYAction] {
        size = ResizeDebouncer.Size(cols: cols, rows: rows).clampedForServer
        guard isAttached, !configuration.readOnly else { return [] }
        coalescer.rate.record(at: now)
        debouncer.confirm(size)
        return [
            .cancelTimer(.resize), .send(.ptyResize(sessionId: sessionId, cols: size.cols, rows: size.rows, fit: true)),
        ]
    }

    private mutating func setPingInterval(_ interval: Duration?, now: MonotonicTime) -> [PTYAction] {
        guard interval != configuration.pingInterval else { return [] }
        configuration.pingInterval = interval
        guard isAttached else { return [] }
        guard let interval else {
            pingSentAt = nil
            var actions: [PTYAction] = [.cancelTimer(.heartbeat), .cancelTimer(.pongDue), .cancelTimer(.inputCheck)]
            if isLate { actions.append(.reportLate(lastContact: nil)) }
            isLate = false
            unconfirmed = nil
            return actions
        }
        lastFrameAt = now
        return [.scheduleTimer(.heartbeat, at: now + interval)]
    }
}
