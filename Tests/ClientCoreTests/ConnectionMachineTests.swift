import ClaudePMProtocol
import ClientCore
import TestSupport
import Testing

/// Drives a ConnectionMachine with a fake clock, executing its timer actions.
struct ConnectionHarness {
    var machine: ConnectionMachine
    var clock = FakeClock()
    var timers: [ConnectionTimer: MonotonicTime] = [:]
    var log: [ConnectionAction] = []

    init(jitter: [Double] = [0.5], configuration: ConnectionMachine.Configuration = .init()) {
        machine = ConnectionMachine(configuration: configuration, jitter: ScriptedJitter(jitter))
    }

    @discardableResult
    mutating func send(_ event: ConnectionEvent) -> [ConnectionAction] {
        let actions = machine.handle(event, now: clock.now)
        for action in actions {
            switch action {
            case .scheduleTimer(let kind, let time): timers[kind] = time
            case .cancelTimer(let kind): timers[kind] = nil
            default: break
            }
        }
        log += actions
        return actions
    }

    /// Advances to the earliest timer and fires it; returns its kind.
    @discardableResult
    mutating func fireNextTimer() -> ConnectionTimer? {
        guard let (kind, time) = timers.min(by: { $0.value < $1.value }) else { return nil }
        clock.advance(to: time)
        timers[kind] = nil
        send(.timerFired(kind))
        return kind
    }

    /// Advances the clock, firing every timer that falls due on the way.
    mutating func advance(by duration: Duration) {
        let end = clock.now + duration
        while let (kind, time) = timers.min(by: { $0.value < $1.value }), time <= end {
            clock.advance(to: time)
            timers[kind] = nil
            send(.timerFired(kind))
        }
        clock.advance(to: end)
    }
}

extension ConnectionAction {
    var isConnect: Bool { if case .connect = self { true } else { false } }
    var isResync: Bool { if case .resync = self { true } else { false } }
    var isPing: Bool { if case .send(.ping) = self { true } else { false } }
    var subscribed: [String]? { if case .subscribe(let ids) = self { ids } else { nil } }
    var closeReason: CloseReason? { if case .close(let reason) = self { reason } else { nil } }
    var reported: ConnectionStatus? { if case .report(let status) = self { status } else { nil } }
}

@Suite struct ConnectionMachineTests {
    @Test func startConnectsAndOpenResyncs() {
        var h = ConnectionHarness()
        let start = h.send(.start)
        #expect(start.contains { $0.isConnect })
        #expect(h.machine.status == .connecting(attempt: 0))
        let open = h.send(.opened)
        #expect(h.machine.status == .connected)
        #expect(open.contains { $0.isResync })
        #expect(open.contains { $0.reported == .connected })
        #expect(h.timers[.heartbeat] == h.clock.now + .seconds(5))
        #expect(h.timers[.connectTimeout] == nil)
    }

    @Test func backoffDoublesToThirtySecondsWithinJitter() {
        for unit in [0.0, 0.5, 0.999_999] {
            var h = ConnectionHarness(jitter: [unit])
            h.send(.start)
            var delays: [Double] = []
            for _ in 0..<8 {
                let failedAt = h.clock.now
                h.send(.closed(code: 1006, reason: "refused"))
                guard case .reconnecting(_, let retryAt) = h.machine.status else {
                    Issue.record("expected reconnecting, got \(h.machine.status)")
                    return
                }
                delays.append((retryAt - failedAt).secondsDouble)
                #expect(h.fireNextTimer() == .reconnect)
                #expect(h.machine.status == .connecting(attempt: h.machine.attempt))
            }
            let bases: [Double] = [1, 2, 4, 8, 16, 30, 30, 30]
            for (delay, base) in zip(delays, bases) {
                #expect(delay >= base * 0.75 - 1e-9 && delay <= base * 1.25 + 1e-9, "delay \(delay) for base \(base)")
            }
            let factor = 1 + 0.25 * (2 * unit - 1)
            #expect(abs(delays[0] - factor) < 1e-6)
            #expect(abs(delays[7] - 30 * factor) < 1e-5)
        }
    }

    @Test func seededJitterStaysWithinBounds() {
        var jitter = SeededJitter(seed: 42)
        let backoff = Backoff.standard
        var seen = Set<Int>()
        for attempt in 1...200 {
            let unit = jitter.nextUnit()
            #expect(unit >= 0 && unit < 1)
            let base = backoff.baseDelay(attempt: attempt).secondsDouble
            let delay = backoff.delay(attempt: attempt, unit: unit).secondsDouble
            #expect(delay >= base * 0.75 && delay <= base * 1.25)
            seen.insert(Int(unit * 10))
        }
        #expect(seen.count >= 8, "jitter should spread over the range")
        #expect(backoff.baseDelay(attempt: 1) == .seconds(1))
        #expect(backoff.baseDelay(attempt: 5) == .seconds(16))
        #expect(backoff.baseDelay(attempt: 6) == .seconds(30))
        #expect(backoff.baseDelay(attempt: 1000) == .seconds(30))
    }

    @Test func attemptCounterResetsOnlyAfterStableUptime() {
        var h = ConnectionHarness()
        h.send(.start)
        for _ in 0..<3 {
            h.send(.closed(code: 1006, reason: ""))
            h.fireNextTimer()
        }
        #expect(h.machine.attempt == 3)
        // Opens, then drops after 5 s: not stable, the counter keeps growing.
        h.send(.opened)
        h.advance(by: .seconds(5))
        h.send(.closed(code: 1006, reason: ""))
        #expect(h.machine.attempt == 4)
        guard case .reconnecting(4, let retryAt) = h.machine.status else {
            Issue.record("expected reconnecting(4), got \(h.machine.status)")
            return
        }
        #expect(retryAt - h.clock.now == .seconds(8))
        // Opens and stays up (answering pings) for 10 s: the next failure starts again at 1 s.
        h.fireNextTimer()
        h.send(.opened)
        h.advance(by: .seconds(6))
        h.send(.pongReceived)
        h.advance(by: .seconds(4))
        #expect(h.machine.attempt == 0)
        h.send(.closed(code: 1001, reason: "Server shutting down"))
        guard case .reconnecting(1, let again) = h.machine.status else {
            Issue.record("expected reconnecting(1), got \(h.machine.status)")
            return
        }
        #expect(again - h.clock.now == .seconds(1))
    }

    @Test func theRoundTripStartsAgainOnEveryNewLink() {
        var h = ConnectionHarness()
        h.send(.start)
        h.send(.opened)
        h.advance(by: .seconds(5))
        h.clock.advance(to: h.clock.now + .milliseconds(300))
        h.send(.pongReceived)
        #expect(h.machine.roundTrip?.last == .milliseconds(300))
        h.send(.closed(code: 1006, reason: ""))
        h.fireNextTimer()
        h.send(.opened)
        #expect(h.machine.roundTrip == nil, "a new link may take another route")
    }

    @Test func close4001StopsRetrying() {
        var h = ConnectionHarness()
        h.send(.start)
        h.send(.opened)
        let actions = h.send(.closed(code: 4001, reason: "Unauthorized: Invalid or missing API key"))
        guard case .authFailed(let message) = h.machine.status else {
            Issue.record("expected authFailed, got \(h.machine.status)")
            return
        }
        // The CLI's words (`API key rejected by …`) and the fix, within an 80-column status line.
        #expect(message.hasPrefix("API key rejected") && message.contains("C-r") && message.count <= 50)
        #expect(actions.contains { $0.reported == h.machine.status })
        #expect(h.timers.isEmpty)
        h.advance(by: .seconds(600))
        #expect(!h.log.dropFirst(5).contains { $0.isConnect })
        // A later close or timer changes nothing; only an explicit start tries again.
        #expect(h.send(.closed(code: 1006, reason: "")).isEmpty)
        #expect(h.send(.start).contains { $0.isConnect })
    }

    @Test func halfOpenLinkIsDroppedAfterTwoSilentIntervals() {
        var h = ConnectionHarness()
        h.send(.start)
        h.send(.opened)
        #expect(h.fireNextTimer() == .heartbeat)
        #expect(h.log.last.map(\.isPing) == false)
        #expect(h.log.contains { $0.isPing })
        h.clock.advance(by: .milliseconds(40))
        h.send(.pongReceived)
        #expect(h.machine.roundTrip?.last == .milliseconds(40))
        let pongAt = h.clock.now
        // Silence from now on: the link is dropped once 10 s (two intervals) pass without any frame.
        var closedAt: MonotonicTime?
        while closedAt == nil, h.clock.now < pongAt + .seconds(60) {
            let before = h.log.count
            h.fireNextTimer()
            if h.log[before...].contains(where: { $0.closeReason == .halfOpen }) { closedAt = h.clock.now }
        }
        #expect(closedAt.map { $0 - pongAt == .seconds(10) } == true)
        guard case .reconnecting(1, _) = h.machine.status else {
            Issue.record("expected reconnecting, got \(h.machine.status)")
            return
        }
    }

    @Test func framesKeepTheLinkAlive() {
        var h = ConnectionHarness()
        h.send(.start)
        h.send(.opened)
        for _ in 0..<50 {
            h.advance(by: .seconds(4))
            h.send(.frameReceived)
        }
        #expect(h.machine.status == .connected)
        #expect(!h.log.contains { $0.closeReason == .halfOpen })
        #expect(h.log.filter(\.isPing).count >= 10)
    }

    @Test func roundTripIsSmoothed() {
        var h = ConnectionHarness()
        h.send(.start)
        h.send(.opened)
        for rtt in [Duration.milliseconds(100), .milliseconds(20), .milliseconds(20)] {
            while h.fireNextTimer() != .heartbeat {}
            #expect(h.log.contains { $0.isPing })
            h.clock.advance(by: rtt)
            h.send(.pongReceived)
        }
        let round = h.machine.roundTrip
        #expect(round?.last == .milliseconds(20))
        // 100 → 0.875·100 + 0.125·20 = 90 → 0.875·90 + 0.125·20 = 81.25
        #expect(round.map { abs($0.smoothed.secondsDouble - 0.08125) < 1e-6 } == true)
    }

    @Test func reconnectResubscribesEverything() {
        var h = ConnectionHarness()
        h.send(.subscriptionsChanged(["b", "a"]))
        h.send(.start)
        let first = h.send(.opened)
        #expect(first.compactMap(\.subscribed) == [["a", "b"]])
        let more = h.send(.subscriptionsChanged(["a", "b", "c"]))
        #expect(more.compactMap(\.subscribed) == [["c"]])
        let fewer = h.send(.subscriptionsChanged(["a", "c"]))
        #expect(fewer.contains { if case .unsubscribe(["b"]) = $0 { true } else { false } })
        h.send(.closed(code: 1006, reason: ""))
        #expect(h.send(.subscriptionsChanged(["a", "c", "d"])).isEmpty)
        h.fireNextTimer()
        let again = h.send(.opened)
        #expect(again.contains { $0.isResync })
        #expect(again.compactMap(\.subscribed) == [["a", "c", "d"]])
    }

    @Test func manySubscriptionsAreBatchedUnderTheRateLimit() {
        var h = ConnectionHarness()
        let ids = (0..<200).map { String(format: "s%03d", $0) }
        h.send(.subscriptionsChanged(Set(ids)))
        h.send(.start)
        h.send(.opened)
        #expect(h.machine.subscribeBacklog.count == 200 - 76)
        var sends: [(MonotonicTime, Int)] = []
        var subscribed: [String] = []
        var seen = 0
        while h.clock.now < MonotonicTime.seconds(1000 + 60) {
            for action in h.log[seen...] {
                if let batch = action.subscribed {
                    subscribed += batch
                    sends.append((h.clock.now, batch.count))
                }
                if action.isPing { sends.append((h.clock.now, 1)) }
            }
            seen = h.log.count
            h.send(.frameReceived)
            h.fireNextTimer()
        }
        #expect(subscribed.sorted() == ids)
        #expect(h.machine.subscribeBacklog.isEmpty)
        for (start, _) in sends {
            let inWindow = sends.filter { $0.0 >= start && $0.0 - start < .seconds(10) }.map(\.1).reduce(0, +)
            #expect(inWindow <= 80, "\(inWindow) messages within 10 s")
        }
        // Removing a session that is still waiting in the backlog never sends anything for it.
        var small = ConnectionHarness()
        small.send(.subscriptionsChanged(Set(ids)))
        small.send(.start)
        small.send(.opened)
        let pending = small.machine.subscribeBacklog[0]
        let removal = small.send(.subscriptionsChanged(Set(ids).subtracting([pending])))
        #expect(!removal.contains { if case .unsubscribe = $0 { true } else { false } })
        #expect(!small.machine.subscribeBacklog.contains(pending))
    }

    @Test func subscribesToRunningSessionsOnly() {
        func session(_ id: String, _ status: SessionStatus) -> Session {
            Session(
                id: id, projectId: "p", type: .adhoc, status: status, source: .api, paneId: "%1", createdAt: epoch,
                updatedAt: epoch)
        }
        let event = ConnectionEvent.subscribeToRunning([
            session("a", .running), session("b", .completed), session("c", .running), session("d", .error),
        ])
        #expect(event == .subscriptionsChanged(["a", "c"]))
    }

    @Test func connectTimeoutRetries() {
        var h = ConnectionHarness()
        h.send(.start)
        #expect(h.fireNextTimer() == .connectTimeout)
        #expect(h.log.contains { $0.closeReason == .connectTimeout })
        guard case .reconnecting(1, _) = h.machine.status else {
            Issue.record("expected reconnecting, got \(h.machine.status)")
            return
        }
    }

    @Test func stopGoesOfflineAndCancelsEverything() {
        var h = ConnectionHarness()
        h.send(.start)
        h.send(.opened)
        let actions = h.send(.stop)
        #expect(actions.contains { $0.closeReason == .userRequested })
        #expect(h.machine.status == .offline)
        #expect(h.timers.isEmpty)
        #expect(h.send(.closed(code: 1000, reason: "")).isEmpty)
    }
}
