import ClaudePMProtocol
import ClientCore
import TestSupport
import Testing

/// Drives a PTYConnectionMachine with a fake clock and a timer table.
struct PTYHarness {
    var machine: PTYConnectionMachine
    var clock = FakeClock()
    var timers: [PTYTimer: MonotonicTime] = [:]
    var log: [PTYAction] = []

    init(configuration: PTYConnectionMachine.Configuration = .init()) {
        machine = PTYConnectionMachine(
            sessionId: "3f2b8c1e-0000-4000-8000-000000000002", configuration: configuration,
            jitter: ScriptedJitter([0.5]))
    }

    @discardableResult
    mutating func send(_ event: PTYEvent) -> [PTYAction] {
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

    @discardableResult
    mutating func fireNextTimer() -> PTYTimer? {
        guard let (kind, time) = timers.min(by: { $0.value < $1.value }) else { return nil }
        clock.advance(to: time)
        timers[kind] = nil
        send(.timerFired(kind))
        return kind
    }

    mutating func attach(cols: Int = 100, rows: Int = 30) {
        send(.open(cols: cols, rows: rows))
        send(.socketOpened)
        send(.attached(cols: cols, rows: rows))
    }

    var sentMessages: [ClientMessage] {
        log.compactMap { if case .send(let message) = $0 { message } else { nil } }
    }

    var dataSent: String {
        sentMessages.compactMap { if case .ptyData(_, let data) = $0 { data } else { nil } }.joined()
    }

    var dropped: Int {
        log.reduce(0) { if case .dropInput(let count) = $1 { $0 + count } else { $0 } }
    }

    var isAttachedNow: Bool { machine.isAttached }

    var connects: Int { log.filter { if case .connect = $0 { true } else { false } }.count }
}

@Suite struct PTYConnectionMachineTests {
    @Test func attachesWithTheSizeAndWaitsBeforeSendingInput() {
        var h = PTYHarness()
        h.send(.open(cols: 120, rows: 40))
        #expect(h.connects == 1)
        let opened = h.send(.socketOpened)
        let attach = opened.compactMap {
            if case .send(.ptyAttach(_, let c, let r, _, _, _)) = $0 { (c, r) } else { nil }
        }
        #expect(attach.count == 1 && attach.first?.0 == 120 && attach.first?.1 == 40)
        #expect(h.machine.status == .attaching)
        h.send(.input("early"))
        #expect(h.machine.heldInputBytes == 5, "pending while attaching")
        h.send(.attached(cols: 120, rows: 40))
        #expect(h.dropped == 5, "discarded once attached, never sent")
        #expect(h.machine.status == .attached(cols: 120, rows: 40))
        h.send(.input("ls\r"))
        while h.fireNextTimer() != nil, h.dataSent.isEmpty {}
        #expect(h.dataSent == "ls\r")
        #expect(!h.dataSent.contains("early"))
    }

    @Test func retriesTenTimesThenFails() {
        var h = PTYHarness()
        h.attach()
        var delays: [Duration] = []
        for _ in 1...10 {
            let failedAt = h.clock.now
            h.send(.socketClosed(code: 1006, reason: "reset"))
            guard case .reconnecting(let n, 10, let retryAt) = h.machine.status else {
                Issue.record("expected reconnecting, got \(h.machine.status)")
                return
            }
            #expect(n == delays.count + 1)
            delays.append(retryAt - failedAt)
            #expect(h.fireNextTimer() == .reconnect)
            #expect(h.machine.status == .connecting(attempt: n))
        }
        #expect(delays.map(\.secondsDouble) == [1, 2, 4, 8, 16, 30, 30, 30, 30, 30])
        h.send(.socketClosed(code: 1006, reason: "reset"))
        guard case .failed(let reason) = h.machine.status else {
            Issue.record("expected failed, got \(h.machine.status)")
            return
        }
        #expect(reason.contains("10 attempts"))
        #expect(h.timers.isEmpty)
        #expect(h.connects == 11)
        // A manual open starts over.
        h.send(.open(cols: 100, rows: 30))
        #expect(h.machine.status == .connecting(attempt: 0))
    }

    @Test func reattachesAtTheLastSizeAndResetsTheTerminal() {
        var h = PTYHarness()
        h.attach(cols: 100, rows: 30)
        h.send(.socketClosed(code: 1006, reason: ""))
        h.send(.resize(cols: 132, rows: 43))
        h.fireNextTimer()
        let opened = h.send(.socketOpened)
        let sizes = opened.compactMap {
            if case .send(.ptyAttach(_, let c, let r, _, _, _)) = $0 { [c, r] } else { nil }
        }
        #expect(sizes == [[132, 43]])
        let attached = h.send(.attached(cols: 132, rows: 43))
        #expect(attached.contains { if case .resetTerminal = $0 { true } else { false } })
    }

    @Test func inputWhileReconnectingIsDiscardedAtReattachNotReplayed() {
        var h = PTYHarness()
        h.attach()
        h.send(.input("a"))
        #expect(h.dataSent == "a", "a lone key leaves at once")
        h.send(.input("pending"))
        #expect(h.dataSent == "a", "queued behind the frame in flight")
        h.send(.socketClosed(code: 1006, reason: ""))
        #expect(h.dropped == 7)
        h.send(.input("offline"))
        #expect(h.dropped == 7)
        #expect(h.machine.heldInputBytes == 7)
        h.fireNextTimer()
        h.send(.socketOpened)
        h.send(.attached(cols: 100, rows: 30))
        #expect(h.dropped == 14)
        h.send(.input("x"))
        #expect(h.dataSent == "ax")
    }

    @Test func inputQueuedBehindAFrameInFlightLeavesWhenItIsWritten() {
        var h = PTYHarness()
        h.attach()
        h.send(.input("g"))
        h.send(.input("i"))
        h.send(.input("t"))
        #expect(h.dataSent == "g")
        h.clock.advance(by: .milliseconds(2))
        let released = h.send(.inputSent)
        #expect(released.contains { if case .send(.ptyData(_, "it")) = $0 { true } else { false } })
        #expect(h.send(.inputSent).isEmpty)
    }

    @Test func attemptsResetAfterStableAttachment() {
        var h = PTYHarness()
        h.attach()
        h.send(.socketClosed(code: 1006, reason: ""))
        h.fireNextTimer()
        h.send(.socketOpened)
        h.send(.attached(cols: 100, rows: 30))
        #expect(h.machine.attempt == 1)
        // The link answers its pings (a silent one is declared down at two intervals).
        while let kind = h.fireNextTimer(), kind != .stable, h.clock.now < .seconds(1100) {
            if kind == .heartbeat { h.send(.pongReceived) }
        }
        #expect(h.machine.attempt == 0)
    }

    @Test func resizeWhileAttachedIsDebounced() {
        var h = PTYHarness()
        h.attach(cols: 100, rows: 30)
        h.send(.resize(cols: 101, rows: 30))
        h.clock.advance(by: .milliseconds(30))
        h.send(.resize(cols: 110, rows: 35))
        while h.timers[.resize] != nil { h.fireNextTimer() }
        let resizes = h.sentMessages.compactMap {
            if case .ptyResize(_, let c, let r, _, _) = $0 { [c, r] } else { nil }
        }
        #expect(resizes == [[110, 35]])
    }

    @Test func fatalAttachErrorsFailWithoutRetry() {
        var h = PTYHarness()
        h.send(.open(cols: 80, rows: 24))
        h.send(.socketOpened)
        let message = "Session abc has invalid pane ID: claude-code"
        let actions = h.send(.serverError(code: "PTY_INVALID_PANE", message: message))
        #expect(h.machine.status == .failed(reason: "PTY_INVALID_PANE: " + message), "the code leads the reason")
        #expect(actions.contains { if case .close(.attachFailed) = $0 { true } else { false } })
        #expect(h.timers.isEmpty)
    }

    @Test func serverMessagesMapToEvents() {
        #expect(
            PTYEvent.received(.ptyAttached(.init(sessionId: "s", cols: 90, rows: 20))) == .attached(cols: 90, rows: 20))
        #expect(PTYEvent.received(.ptyExit(.init(sessionId: "s", exitCode: 3))) == .exited(code: 3))
        #expect(
            PTYEvent.received(.error(.init(code: .ptyInvalidPane, message: "bad")))
                == .serverError(code: "PTY_INVALID_PANE", message: "bad"))
        #expect(PTYEvent.received(.ptyOutput(.init(sessionId: "s", data: "x"))) == .frameReceived)
        #expect(PTYEvent.received(.pong(.init(timestamp: epoch))) == .pongReceived)
        #expect(ConnectionEvent.received(.pong(.init(timestamp: epoch))) == .pongReceived)
        #expect(ConnectionEvent.received(.ptyOutput(.init(sessionId: "s", data: "x"))) == .frameReceived)
    }

    @Test func heartbeatMeasuresRoundTripAndDetectsHalfOpenLinks() {
        var h = PTYHarness()
        h.attach()
        #expect(h.fireNextTimer() == .heartbeat)
        #expect(h.sentMessages.last == .ping)
        h.clock.advance(by: .milliseconds(35))
        let pong = h.send(.pongReceived)
        #expect(
            pong.contains { if case .reportRoundTrip(let rtt) = $0 { rtt.last == .milliseconds(35) } else { false } })
        // Output keeps the link alive without pongs.
        for _ in 0..<8 {
            h.clock.advance(by: .seconds(4))
            h.send(.frameReceived)
            while let due = h.timers[.heartbeat], due <= h.clock.now { h.fireNextTimer() }
        }
        #expect(h.isAttachedNow)
        // Then silence: within two intervals and one tick the link is dropped and re-attached.
        let silentFrom = h.clock.now
        while h.isAttachedNow, h.clock.now < silentFrom + .seconds(60) { h.fireNextTimer() }
        #expect(h.log.contains { if case .close(.halfOpen) = $0 { true } else { false } })
        #expect(h.clock.now - silentFrom <= .seconds(10))
        guard case .reconnecting(1, 10, _) = h.machine.status else {
            Issue.record("expected reconnecting, got \(h.machine.status)")
            return
        }
    }

    @Test func exitEndsTheConnection() {
        var h = PTYHarness()
        h.attach()
        h.send(.exited(code: 0))
        #expect(h.machine.status == .exited(code: 0))
        #expect(h.send(.socketClosed(code: 1000, reason: "")).isEmpty)
        #expect(h.connects == 1)
    }

    @Test func detachFlushesTypedKeysThenDetaches() {
        var h = PTYHarness()
        h.attach()
        h.send(.input("q"))
        h.send(.detach)
        let tail = h.sentMessages.suffix(2)
        #expect(tail.count == 2)
        if case .ptyData(_, "q") = tail.first {} else { Issue.record("expected the typed key first, got \(tail)") }
        if case .ptyDetach = tail.last {} else { Issue.record("expected pty:detach last, got \(tail)") }
        #expect(h.machine.status == .detached)
        #expect(h.log.contains { if case .close(.userDetached) = $0 { true } else { false } })
    }

    @Test func authFailureStops() {
        var h = PTYHarness()
        h.send(.open(cols: 80, rows: 24))
        h.send(.socketOpened)
        h.send(.socketClosed(code: 4001, reason: "Unauthorized"))
        guard case .failed(let reason) = h.machine.status else {
            Issue.record("expected failed")
            return
        }
        #expect(reason.contains("API key"))
        #expect(h.timers.isEmpty)
    }

    @Test func readOnlyAttachDropsInput() {
        var configuration = PTYConnectionMachine.Configuration()
        configuration.readOnly = true
        var h = PTYHarness(configuration: configuration)
        h.send(.open(cols: 80, rows: 24))
        let opened = h.send(.socketOpened)
        #expect(opened.contains { if case .send(.ptyAttach(_, _, _, true, _, _)) = $0 { true } else { false } })
        h.send(.attached(cols: 80, rows: 24))
        h.send(.input("rm -rf"))
        #expect(h.dropped == 6)
        #expect(h.dataSent.isEmpty)
    }
}
