// While no route to a server exists, retries pause: a failure for want of a route counts no
// attempt (so a terminal stream is never given up for a network that is away) and the next try
// waits the sweep interval instead of the backoff; a route appearing (the route watcher's
// `start` for the event socket, `retryNow` for a stream) tries at once, and an ordinary failure
// afterwards backs off from where it was.
import ClaudePMProtocol
import ClientCore
import TestSupport
import Testing

@Suite struct NoRoutePauseTests {
    @Test func theEventSocketPausesWithoutCountingAttemptsAndARouteTriesAtOnce() {
        var h = ConnectionHarness()
        h.send(.start)
        for _ in 0..<20 {
            let failedAt = h.clock.now
            h.send(.noRoute(reason: "no route to the server (network unreachable)"))
            guard case .reconnecting(_, let retryAt) = h.machine.status else {
                Issue.record("expected reconnecting, got \(h.machine.status)")
                return
            }
            #expect(retryAt - failedAt == .seconds(60), "the sweep, not the backoff")
            #expect(h.machine.attempt == 0, "no attempt is counted for want of a route")
            #expect(h.fireNextTimer() == .reconnect)
            #expect(h.machine.status == .connecting(attempt: 0))
        }
        // The route watcher saw a route: connect now, not at the sweep.
        h.send(.noRoute(reason: "no route"))
        let connectsBefore = h.log.filter(\.isConnect).count
        h.send(.start)
        #expect(h.log.filter(\.isConnect).count == connectsBefore + 1)
        #expect(h.timers[.reconnect] == nil)
        // An ordinary failure now backs off from the first attempt.
        let failedAt = h.clock.now
        h.send(.closed(code: 1006, reason: "refused"))
        guard case .reconnecting(1, let retryAt) = h.machine.status else {
            Issue.record("expected the first reconnect, got \(h.machine.status)")
            return
        }
        #expect(retryAt - failedAt == .seconds(1))
    }

    @Test func aStreamWithNoRouteIsNeverGivenUpAndRetriesAtOnceWhenAsked() {
        var h = PTYHarness()
        h.attach()
        h.send(.socketClosed(code: 1006, reason: "reset"))
        #expect(h.fireNextTimer() == .reconnect)
        // The network went away: forty failures for want of a route, more than maxAttempts.
        for _ in 0..<40 {
            let failedAt = h.clock.now
            h.send(.noRoute(reason: "no route to the server (network unreachable)"))
            guard case .reconnecting(1, 10, let retryAt) = h.machine.status else {
                Issue.record("expected reconnecting, got \(h.machine.status)")
                return
            }
            #expect(retryAt - failedAt == .seconds(60))
            #expect(h.fireNextTimer() == .reconnect)
        }
        #expect(h.machine.status == .connecting(attempt: 1), "still trying, not failed")
        h.send(.noRoute(reason: "no route"))
        let connects = h.connects
        h.send(.retryNow)
        #expect(h.connects == connects + 1, "retryNow connects at once")
        #expect(h.timers[.reconnect] == nil)
        h.send(.socketOpened)
        h.send(.attached(cols: 100, rows: 30))
        #expect(h.isAttachedNow)
        // Attached: retryNow does nothing.
        #expect(h.send(.retryNow).isEmpty)
    }
}

@Suite struct StreamRetryOnReturnTests {
    @Test func theAttachedStreamTriesAtOnceWhenItsServerComesBack() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        #expect(state.page == .attached(AppWorld.a))
        _ = state.reduce(.serverLink(server: "local", link: .offline("no route")))
        let back = state.reduce(.serverLink(server: "local", link: .online))
        #expect(back.contains(.retryStream(AppWorld.a)), "\(back)")
        // Another server coming back leaves the attached stream alone.
        _ = state.reduce(.serverLink(server: "remote", link: .offline("no route")))
        let other = state.reduce(.serverLink(server: "remote", link: .online))
        #expect(!other.contains(.retryStream(AppWorld.a)), "\(other)")
    }
}
