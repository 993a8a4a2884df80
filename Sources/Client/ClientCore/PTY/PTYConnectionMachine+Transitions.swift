// The transitions of PTYConnectionMachine, split from the type for size.

import ClaudePMProtocol

extension PTYConnectionMachine {
    mutating func open(cols: Int, rows: Int, now: MonotonicTime) -> [PTYAction] {
        size = ResizeDebouncer.Size(cols: cols, rows: rows).clampedForServer
        switch status {
        case .connecting, .attaching, .attached: return []
        case .reconnecting: return [.cancelTimer(.reconnect)] + beginConnecting()
        case .idle, .detached, .exited, .failed:
            attempt = 0
            return beginConnecting()
        }
    }

    mutating func beginConnecting() -> [PTYAction] {
        status = .connecting(attempt: attempt)
        coalescer.resetForNewSocket()
        debouncer.reset()
        return [.report(status), .connect]
    }

    mutating func socketOpened(now: MonotonicTime) -> [PTYAction] {
        guard case .connecting = status else { return [] }
        status = .attaching
        coalescer.rate.record(at: now)
        let readOnly: Bool? = configuration.readOnly ? true : nil
        let stream = configuration.paneStream ? "pane" : nil
        let attach = ClientMessage.ptyAttach(
            sessionId: sessionId, cols: size.cols, rows: size.rows, readOnly: readOnly, stream: stream,
            history: configuration.paneStream ? configuration.paneHistory : nil)
        return [
            .send(attach),
            .scheduleTimer(.attachTimeout, at: now + configuration.attachTimeout),
            .report(status),
        ]
    }

    mutating func attached(cols: Int, rows: Int, now: MonotonicTime) -> [PTYAction] {
        guard case .attaching = status else { return [] }
        status = .attached(cols: cols, rows: rows)
        var actions: [PTYAction] = [.cancelTimer(.attachTimeout)]
        if hasAttachedBefore { actions.append(.resetTerminal) }
        hasAttachedBefore = true
        actions += discardHeld()
        actions += [.scheduleTimer(.stable, at: now + configuration.stableAfter), .report(status)]
        pingSentAt = nil
        if let interval = configuration.pingInterval { actions.append(.scheduleTimer(.heartbeat, at: now + interval)) }
        if configuration.selectPaneOnAttach {
            coalescer.rate.record(at: now)
            actions.append(.send(.ptySelectPane(sessionId: sessionId)))
        }
        debouncer.confirm(ResizeDebouncer.Size(cols: cols, rows: rows))
        if let due = debouncer.resize(to: size, now: now) {
            actions.append(.scheduleTimer(.resize, at: due))
        }
        return actions
    }

    mutating func socketClosed(code: UInt16?, reason: String, now: MonotonicTime) -> [PTYAction] {
        switch status {
        case .connecting, .attaching, .attached: break
        default: return []
        }
        var actions = linkLost() + dropPending()
        if code == unauthorizedCloseCode {
            return actions + fail(ConnectionMachine.authMessage, close: nil)
        }
        attempt += 1
        actions += [
            .cancelTimer(.stable), .cancelTimer(.attachTimeout), .cancelTimer(.resize), .cancelTimer(.heartbeat),
        ]
        guard attempt <= configuration.maxAttempts else {
            let detail = reason.isEmpty ? "" : " (\(reason))"
            return actions + fail("Connection lost after \(configuration.maxAttempts) attempts\(detail).", close: nil)
        }
        let retryAt = now + configuration.backoff.delay(attempt: attempt, unit: jitter.nextUnit())
        status = .reconnecting(attempt: attempt, maxAttempts: configuration.maxAttempts, retryAt: retryAt)
        return actions + [.scheduleTimer(.reconnect, at: retryAt), .report(status)]
    }

    /// The socket could not open for want of a route: try again after `noRouteRetry`, the
    /// attempt not counted.
    mutating func noRoute(now: MonotonicTime) -> [PTYAction] {
        guard case .connecting = status else { return [] }
        let retryAt = now + configuration.noRouteRetry
        status = .reconnecting(attempt: max(attempt, 1), maxAttempts: configuration.maxAttempts, retryAt: retryAt)
        return linkLost() + dropPending() + [
            .cancelTimer(.attachTimeout), .scheduleTimer(.reconnect, at: retryAt), .report(status),
        ]
    }

    /// Tries at once instead of at the scheduled retry (the attempt count stays).
    mutating func retryNow() -> [PTYAction] {
        guard case .reconnecting = status else { return [] }
        return [.cancelTimer(.reconnect)] + beginConnecting()
    }

    mutating func exited(code: Int) -> [PTYAction] {
        switch status {
        case .connecting, .attaching, .attached, .reconnecting:
            return finish(.exited(code: code), close: .sessionExited)
        default:
            return []
        }
    }

    mutating func serverError(code: String, message: String) -> [PTYAction] {
        let fatalWhileAttaching: Set<String> = [
            "PTY_INVALID_PANE", "PTY_ATTACH_FAILED", "SESSION_NOT_FOUND", "PTY_ALREADY_ATTACHED", "INVALID_MESSAGE",
        ]
        if case .attaching = status, fatalWhileAttaching.contains(code) {
            return dropPending() + fail("\(code): \(message)", close: .attachFailed)
        }
        switch code {
        case "RATE_LIMITED": return [.notice("The server dropped input: too many messages (\(message))")]
        default: return [.notice("\(code): \(message)")]
        }
    }

    mutating func input(_ text: String, now: MonotonicTime) -> [PTYAction] {
        if !configuration.readOnly, let held = hold(text) { return held }
        guard isAttached, !configuration.readOnly else {
            let count = text.utf8.count
            return count > 0 ? [.dropInput(count: count)] : []
        }
        return sendNow(text, now: now)
    }

    mutating func inputSent(now: MonotonicTime) -> [PTYAction] {
        guard isAttached else { return [] }
        return map(coalescer.sendCompleted(now: now))
    }

    mutating func resize(cols: Int, rows: Int, now: MonotonicTime) -> [PTYAction] {
        size = ResizeDebouncer.Size(cols: cols, rows: rows).clampedForServer
        guard isAttached, let due = debouncer.resize(to: size, now: now) else { return [] }
        return [.scheduleTimer(.resize, at: due)]
    }

    mutating func detach(now: MonotonicTime) -> [PTYAction] {
        switch status {
        case .attached:
            let flushed = map(coalescer.flushAll(now: now))
            coalescer.rate.record(at: now)
            let leftover = dropPending()
            return flushed + [.send(.ptyDetach(sessionId: sessionId))] + leftover
                + finish(.detached, close: .userDetached)
        case .connecting, .attaching, .reconnecting:
            return dropPending() + finish(.detached, close: .userDetached)
        case .idle, .detached, .exited, .failed:
            return []
        }
    }

    mutating func timerFired(_ timer: PTYTimer, now: MonotonicTime) -> [PTYAction] {
        switch (timer, status) {
        case (.reconnect, .reconnecting): return beginConnecting()
        case (.flushInput, .attached): return map(coalescer.flush(now: now))
        case (.stable, .attached):
            attempt = 0
            return []
        case (.resize, .attached):
            guard let size = debouncer.fire(now: now) else { return [] }
            coalescer.rate.record(at: now)
            return [.send(.ptyResize(sessionId: sessionId, cols: size.cols, rows: size.rows))]
        case (.heartbeat, .attached): return heartbeat(now: now)
        case (.pongDue, .attached): return pongDue()
        case (.inputCheck, .attached): return inputCheck(now: now)
        case (.attachTimeout, .attaching):
            return [.close(.attachTimeout)] + socketClosed(code: nil, reason: "no reply to pty:attach", now: now)
        default: return []
        }
    }

    // MARK: Helpers

    private mutating func dropPending() -> [PTYAction] {
        let count = coalescer.discardPending()
        return count > 0 ? [.dropInput(count: count), .cancelTimer(.flushInput)] : []
    }

    private mutating func fail(_ reason: String, close: PTYCloseReason?) -> [PTYAction] {
        finish(.failed(reason: reason), close: close)
    }

    private mutating func finish(_ final: PTYStatus, close: PTYCloseReason?) -> [PTYAction] {
        let wasOpen: Bool
        switch status {
        case .connecting, .attaching, .attached: wasOpen = true
        default: wasOpen = false
        }
        var actions = dropPending() + discardHeld()
        if isLate { actions.append(.reportLate(lastContact: nil)) }
        isLate = false
        unconfirmed = nil
        status = final
        actions += PTYTimer.allCases.map(PTYAction.cancelTimer)
        if wasOpen, let close { actions.append(.close(close)) }
        actions.append(.report(final))
        return actions
    }

    func map(_ actions: [InputCoalescer.Action]) -> [PTYAction] {
        actions.map { action in
            switch action {
            case .send(let message): return .send(message)
            case .scheduleFlush(let time): return .scheduleTimer(.flushInput, at: time)
            case .dropped(let bytes): return .dropInput(count: bytes)
            }
        }
    }
}
