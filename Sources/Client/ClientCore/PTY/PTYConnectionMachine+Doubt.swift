// Input while the link is in doubt. Between a late pong and the link being declared down, and
// while it is re-established, typed bytes are held instead of written into a socket that may be
// dead; the UI shows them as pending. If the same link answers again they go out in order (that
// is delay, not replay); once a new link is attached they are discarded and reported, never
// replayed unasked. Input that went out and got no frame back within `lateAfter` triggers a
// ping, so a link that dies while the user types is found in about two `lateAfter`s, and bytes
// sent into it are reported as possibly lost when it drops.

import ClaudePMProtocol

extension PTYConnectionMachine {
    /// Typed bytes held, unsent, while the link is in doubt or down.
    public var heldInputBytes: Int { heldInput.utf8.count }

    /// A frame arrived: the link is alive. A late link is on time again and what was held on it
    /// goes out, in order.
    mutating func heardFrom(now: MonotonicTime) -> [PTYAction] {
        unconfirmed = nil
        guard isLate else { return [] }
        isLate = false
        var actions: [PTYAction] = [.cancelTimer(.pongDue), .reportLate(lastContact: nil)]
        if isAttached, !heldInput.isEmpty {
            let text = heldInput
            heldInput = ""
            actions += [.reportHeld(bytes: 0)] + sendNow(text, now: now)
        }
        return actions
    }

    /// Holds `text` if the link is in doubt or down; nil when it can be sent now.
    mutating func hold(_ text: String) -> [PTYAction]? {
        switch status {
        case .attached where isLate, .connecting, .attaching, .reconnecting:
            guard !text.isEmpty else { return [] }
            heldInput += text
            return [.reportHeld(bytes: heldInputBytes)]
        default:
            return nil
        }
    }

    /// Sends `text` through the coalescer and arms the input check.
    mutating func sendNow(_ text: String, now: MonotonicTime) -> [PTYAction] {
        var actions = map(coalescer.append(text, now: now))
        if unconfirmed == nil, configuration.pingInterval != nil {
            actions.append(.scheduleTimer(.inputCheck, at: now + configuration.lateAfter))
        }
        unconfirmed = ((unconfirmed?.bytes ?? 0) + text.utf8.count, unconfirmed?.since ?? now)
        return actions
    }

    /// Discards held input after a new link attached (or the stream ended), and says so.
    mutating func discardHeld() -> [PTYAction] {
        let count = heldInputBytes
        guard count > 0 else { return [] }
        heldInput = ""
        return [.dropInput(count: count), .reportHeld(bytes: 0)]
    }

    /// The link closed: it is no longer late, and bytes it never confirmed may be lost.
    mutating func linkLost() -> [PTYAction] {
        var actions: [PTYAction] = [.cancelTimer(.pongDue), .cancelTimer(.inputCheck)]
        if isLate { actions.append(.reportLate(lastContact: nil)) }
        isLate = false
        pingSentAt = nil
        if let unconfirmed, unconfirmed.bytes > 0 { actions.append(.reportUnconfirmed(bytes: unconfirmed.bytes)) }
        unconfirmed = nil
        return actions
    }

    /// Sends a ping and arms its pong deadline (when none is outstanding).
    mutating func probe(now: MonotonicTime) -> [PTYAction] {
        let first = pingSentAt == nil
        if first { pingSentAt = now }
        coalescer.rate.record(at: now)
        return [.send(.ping)] + (first ? [.scheduleTimer(.pongDue, at: now + configuration.lateAfter)] : [])
    }

    /// The pong is overdue and nothing else arrived since the ping: the link is in doubt.
    mutating func pongDue() -> [PTYAction] {
        guard let sent = pingSentAt, lastFrameAt < sent, !isLate else { return [] }
        isLate = true
        return [.reportLate(lastContact: lastFrameAt)]
    }

    /// Input went out `lateAfter` ago: if nothing came back since, ask the link with a ping.
    mutating func inputCheck(now: MonotonicTime) -> [PTYAction] {
        guard let unconfirmed, pingSentAt == nil else { return [] }
        let due = unconfirmed.since + configuration.lateAfter
        guard due <= now else { return [.scheduleTimer(.inputCheck, at: due)] }
        return probe(now: now)
    }
}
