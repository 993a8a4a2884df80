import ClaudePMProtocol
import ClientCore
import TestSupport
import Testing

/// Random event sequences against the connection machines, checking invariants that must hold
/// whatever the network does.
@Suite struct MachineFuzzTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func connectionMachineInvariants(seed: UInt64) {
        var random = SeededJitter(seed: seed)
        var h = ConnectionHarness(jitter: [0.1, 0.9, 0.5])
        func pick(_ count: Int) -> Int { Int(random.nextUnit() * Double(count)) }
        for _ in 0..<3_000 {
            let events: [ConnectionEvent] = [
                .start, .stop, .opened, .closed(code: 1006, reason: ""), .closed(code: 4001, reason: "no"),
                .frameReceived, .pongReceived, .subscriptionsChanged(Set(["a", "b", "c"].prefix(pick(4)))),
            ]
            let before = h.machine.status
            let actions: [ConnectionAction]
            if random.nextUnit() < 0.4, h.timers.isEmpty == false {
                let count = h.log.count
                h.fireNextTimer()
                actions = Array(h.log[count...])
            } else {
                h.clock.advance(by: .milliseconds(Int64(pick(20_000))))
                actions = h.send(events[pick(events.count)])
            }
            let status = h.machine.status
            if actions.contains(where: \.isConnect) {
                #expect(status == .connecting(attempt: h.machine.attempt), "connect only when connecting")
            }
            if case .authFailed = before, !actions.isEmpty {
                #expect(status == .connecting(attempt: 0) || status == .offline, "only start/stop leave authFailed")
            }
            if let last = actions.compactMap(\.reported).last { #expect(last == status) }
            switch status {
            case .offline, .authFailed: #expect(h.timers.isEmpty, "no timers at rest: \(h.timers)")
            case .reconnecting(let attempt, let retryAt):
                #expect(h.timers[.reconnect] == retryAt)
                let base = Backoff.standard.baseDelay(attempt: attempt).secondsDouble
                let delay = (retryAt - h.clock.now).secondsDouble
                #expect(delay <= base * 1.25 + 1e-9)
            case .connected: #expect(h.timers[.heartbeat] != nil)
            case .connecting: #expect(h.timers[.connectTimeout] != nil)
            }
        }
    }

    @Test(arguments: [UInt64(11), 12, 13, 14, 15])
    func ptyMachineInvariants(seed: UInt64) {
        var random = SeededJitter(seed: seed)
        var h = PTYHarness()
        func pick(_ count: Int) -> Int { Int(random.nextUnit() * Double(count)) }
        var typed = 0
        for _ in 0..<3_000 {
            let events: [PTYEvent] = [
                .open(cols: 80 + pick(50), rows: 24), .socketOpened, .socketClosed(code: 1006, reason: ""),
                .attached(cols: 100, rows: 30), .input("abc"), .resize(cols: 1 + pick(600), rows: 1 + pick(300)),
                .frameReceived, .pongReceived, .exited(code: 0), .detach, .inputSent,
                .serverError(code: "RATE_LIMITED", message: "slow"),
            ]
            let wasAttached = h.machine.isAttached
            let actions: [PTYAction]
            if random.nextUnit() < 0.4, !h.timers.isEmpty {
                let count = h.log.count
                h.fireNextTimer()
                actions = Array(h.log[count...])
            } else {
                h.clock.advance(by: .milliseconds(Int64(pick(5_000))))
                let event = events[pick(events.count)]
                if event == .input("abc") { typed += 3 }
                actions = h.send(event)
            }
            for action in actions {
                guard case .send(let message) = action else { continue }
                if case .ptyData = message { #expect(wasAttached || h.machine.isAttached, "data only while attached") }
                if case .ptyResize(_, let cols, let rows, _, _) = message {
                    #expect((1...500).contains(cols) && (1...200).contains(rows))
                }
                if case .ptyAttach(_, let cols?, let rows?, _, _, _) = message {
                    #expect((1...500).contains(cols) && (1...200).contains(rows))
                }
            }
            #expect(h.machine.attempt <= 10)
            if case .reconnecting(let attempt, let maximum, _) = h.machine.status { #expect(attempt <= maximum) }
        }
        let sent = h.dataSent.utf8.count
        #expect(
            sent + h.dropped + h.machine.pendingInputBytes + h.machine.heldInputBytes == typed,
            "every typed byte is sent, dropped, pending or held")
    }
}
