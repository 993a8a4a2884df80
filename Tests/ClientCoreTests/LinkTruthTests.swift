// Link truth, with a fake clock: a late pong is reported at once (the UI says "last contact N s
// ago"), silence for two intervals declares the link down, input typed while the link is in doubt
// is held and shown, sent if the same link answers, and discarded (reported) after a reconnect.

import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

extension ConnectionAction {
    var lateContact: MonotonicTime?? { if case .reportLate(let contact) = self { contact } else { nil } }
}

extension PTYAction {
    var lateContact: MonotonicTime?? { if case .reportLate(let contact) = self { contact } else { nil } }
    var held: Int? { if case .reportHeld(let bytes) = self { bytes } else { nil } }
    var unconfirmed: Int? { if case .reportUnconfirmed(let bytes) = self { bytes } else { nil } }
}

@Suite struct ServerLinkLateTests {
    /// Connected, one ping answered; returns the time of that pong.
    private func connected(_ h: inout ConnectionHarness) -> MonotonicTime {
        h.send(.start)
        h.send(.opened)
        while h.fireNextTimer() != .heartbeat {}
        h.clock.advance(by: .milliseconds(20))
        h.send(.pongReceived)
        return h.clock.now
    }

    @Test func aLatePongIsReportedThenTheLinkIsDeclaredDownWithinTwoIntervals() throws {
        var h = ConnectionHarness()
        let lastContact = connected(&h)
        let interval = h.machine.configuration.pingInterval
        var lateAt: MonotonicTime?
        var downAt: MonotonicTime?
        while downAt == nil, h.clock.now < lastContact + .seconds(60) {
            let before = h.log.count
            h.fireNextTimer()
            let fresh = h.log[before...]
            if lateAt == nil, let contact = fresh.compactMap(\.lateContact).first {
                #expect(contact == lastContact, "the report names the last contact")
                lateAt = h.clock.now
            }
            if fresh.contains(where: { $0.closeReason == .halfOpen }) { downAt = h.clock.now }
        }
        let late = try #require(lateAt)
        let down = try #require(downAt)
        // The first ping after the last contact is due within one interval; late 2 s after it.
        #expect(late - lastContact <= interval + h.machine.configuration.lateAfter)
        #expect(down - lastContact == interval * 2, "down exactly at two silent intervals")
        #expect(late < down)
        guard case .reconnecting = h.machine.status else {
            Issue.record("expected reconnecting, got \(h.machine.status)")
            return
        }
        #expect(!h.machine.isLate)
    }

    @Test func aFrameAfterALatePongClearsTheDoubt() {
        var h = ConnectionHarness()
        _ = connected(&h)
        while !h.machine.isLate { h.fireNextTimer() }
        let actions = h.send(.frameReceived)
        #expect(actions.contains { $0.lateContact == .some(nil) })
        #expect(!h.machine.isLate)
        #expect(h.machine.status == .connected)
    }

    @Test func framesWithoutPongsNeverMakeTheLinkLate() {
        var h = ConnectionHarness()
        _ = connected(&h)
        for _ in 0..<40 {
            h.advance(by: .milliseconds(900))
            h.send(.frameReceived)
        }
        #expect(!h.log.contains { $0.lateContact != nil })
    }
}

@Suite struct PTYDoubtTests {
    private func attachedAndLate(_ h: inout PTYHarness) {
        h.attach()
        while !h.machine.isLate, h.fireNextTimer() != nil {}
    }

    @Test func inputWhileLateIsHeldAndShownThenSentWhenTheSameLinkAnswers() {
        var h = PTYHarness()
        attachedAndLate(&h)
        #expect(h.log.contains { $0.lateContact != nil })
        let typed = h.send(.input("ls\r"))
        #expect(typed.compactMap(\.held) == [3])
        #expect(h.machine.heldInputBytes == 3)
        #expect(h.dataSent.isEmpty, "nothing is written into a link in doubt")
        let answer = h.send(.pongReceived)
        #expect(answer.contains { $0.lateContact == .some(nil) })
        #expect(answer.compactMap(\.held) == [0])
        while h.fireNextTimer() != nil, h.dataSent.isEmpty {}
        #expect(h.dataSent == "ls\r", "the same link answered: the held keys go out, in order")
        #expect(h.dropped == 0)
    }

    @Test func inputHeldAcrossAReconnectIsDiscardedWithAReportNeverReplayed() {
        var h = PTYHarness()
        attachedAndLate(&h)
        h.send(.input("rm -rf build\r"))
        // Silence until the link is declared down, then more typing while reconnecting.
        while h.machine.isAttached { h.fireNextTimer() }
        #expect(h.log.contains { if case .close(.halfOpen) = $0 { true } else { false } })
        h.send(.input("y"))
        #expect(h.machine.heldInputBytes == 14)
        #expect(h.dropped == 0, "pending, not yet discarded")
        h.fireNextTimer()
        h.send(.socketOpened)
        let attached = h.send(.attached(cols: 100, rows: 30))
        #expect(attached.contains { if case .dropInput(14) = $0 { true } else { false } })
        #expect(attached.compactMap(\.held) == [0])
        while h.fireNextTimer() != nil, h.clock.now < .seconds(1100) {}
        #expect(!h.dataSent.contains("rm"), "held keys are never replayed into the new link")
    }

    @Test func inputWithNoAnswerProbesTheLinkAndReportsWhatMayBeLost() {
        var h = PTYHarness()
        h.attach()
        h.send(.input("x"))
        while h.fireNextTimer() != .inputCheck {}
        #expect(h.sentMessages.last == .ping, "input with no answer asks the link")
        #expect(h.fireNextTimer() == .pongDue)
        #expect(h.machine.isLate)
        let closed = h.send(.socketClosed(code: nil, reason: "reset"))
        #expect(closed.compactMap(\.unconfirmed) == [1], "\(closed)")
    }

    @Test func echoedInputNeedsNoProbe() {
        var h = PTYHarness()
        h.attach()
        h.send(.input("x"))
        h.clock.advance(by: .milliseconds(30))
        h.send(.frameReceived)
        while let next = h.timers.min(by: { $0.value < $1.value }), next.key != .heartbeat { h.fireNextTimer() }
        #expect(!h.sentMessages.contains(.ping))
        #expect(!h.machine.isLate)
    }
}

@Suite struct AppLinkTruthTests {
    @Test func aLateServerIsStaleAndSaysWhenItWasLastHeard() throws {
        var state = AppWorld.state()
        #expect(state.server("local")?.isStale == false)
        _ = state.reduce(.serverLate(server: "local", lastContact: AppWorld.t0.addingTimeInterval(-7.4)))
        let local = try #require(state.server("local"))
        #expect(local.isStale)
        #expect(local.lateText(now: state.now) == "last contact 7 s ago")
        let next = try #require(state.nextLinkTextChange)
        #expect(abs(next.timeIntervalSince(AppWorld.t0) - 0.6) < 1e-6)
        _ = state.reduce(AppWorld.tick(0.7))
        #expect(state.server("local")?.lateText(now: state.now) == "last contact 8 s ago")
        _ = state.reduce(.serverLate(server: "local", lastContact: nil))
        #expect(state.server("local")?.isStale == false)
        #expect(state.nextLinkTextChange == nil)
    }

    @Test func aLinkThatGoesDownForgetsItsLatenessAndKeepsItsReason() {
        var state = AppWorld.state()
        _ = state.reduce(.serverLate(server: "local", lastContact: AppWorld.t0))
        _ = state.reduce(.serverProblem(server: "local", "no answer"))
        _ = state.reduce(.serverLink(server: "local", link: .offline("reconnecting, try 1")))
        let local = state.server("local")
        #expect(local?.lastContact == nil)
        #expect(local?.offlineText("reconnecting, try 1") == "no answer · reconnecting, try 1")
        _ = state.reduce(.serverLink(server: "local", link: .online))
        #expect(state.server("local")?.problem == nil)
    }

    @Test func tilesOfAServerThatComesBackAreReopened() throws {
        var state = AppWorld.state()
        let tiles = state.watched.filter { $0.server == "local" }.sorted()
        try #require(!tiles.isEmpty)
        _ = state.reduce(.serverLink(server: "local", link: .offline("reconnecting, try 1")))
        let effects = state.reduce(.serverLink(server: "local", link: .online))
        for key in tiles {
            #expect(effects.contains(.unwatch(key)) && effects.contains(.watch(key, state.ui.tileSize)))
        }
        #expect(!effects.contains { if case .watch(let key, _) = $0 { key.server == "remote" } else { false } })
    }

    @Test func pendingInputShowsInTheStreamState() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        _ = state.reduce(.streamPending(AppWorld.a, bytes: 5))
        _ = state.reduce(.streamLate(AppWorld.a, lastContact: AppWorld.t0.addingTimeInterval(-3)))
        let stream = state.streams[AppWorld.a]
        #expect(stream?.pendingText == "5 bytes typed, pending (not sent)")
        #expect(stream?.lateText(now: state.now) == "link in doubt: last contact 3 s ago")
        _ = state.reduce(.streamStatus(AppWorld.a, .reconnecting(attempt: 1, maxAttempts: 10, retryAt: .seconds(2))))
        #expect(state.streams[AppWorld.a]?.pendingInput == 5, "a status change keeps what is pending")
    }

    /// The link comes back: held keys are discarded (`streamDiscarded`) just before the stream
    /// reports itself attached, and the report must outlive that status change.
    @Test func discardedKeysAreReportedWithTheirCountAfterTheLinkComesBack() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        _ = state.reduce(.streamPending(AppWorld.a, bytes: 26))
        _ = state.reduce(.streamStatus(AppWorld.a, .reconnecting(attempt: 1, maxAttempts: 10, retryAt: .seconds(2))))
        _ = state.reduce(.streamLostInput(AppWorld.a, .discarded(26)))
        _ = state.reduce(.streamPending(AppWorld.a, bytes: 0))
        _ = state.reduce(.streamStatus(AppWorld.a, .attached(cols: 120, rows: 39)))
        let report = "26 bytes typed while the link was down or in doubt were discarded, not sent"
        #expect(state.streams[AppWorld.a]?.lossText == report, "the live status does not clear it")
        #expect(state.streams[AppWorld.a]?.pendingText == nil)
        _ = state.reduce(.streamLostInput(AppWorld.a, .discarded(4)))
        #expect(state.streams[AppWorld.a]?.discardedInput == 30, "counts add up until the report is seen")
        _ = state.reduce(.streamLostInput(AppWorld.a, .unconfirmed(9)))
        #expect(
            state.streams[AppWorld.a]?.lossText
                == "30 bytes typed while the link was down or in doubt were discarded, not sent"
                + " · 9 bytes typed just before the link dropped may not have arrived")
        state.wait(1)
        _ = state.press(.char("x"))
        #expect(state.streams[AppWorld.a]?.discardedInput == 30, "a key typed as it appears does not wipe it")
        state.wait(1.5)
        #expect(state.press(.char("y")) == [.forwardKey(AppWorld.a, .char("y"))])
        #expect(state.streams[AppWorld.a]?.lossText == nil, "the next key after a moment clears it")
    }
}

@Suite struct ServerLinkFactsTests {
    /// The round trip shown belongs to the link that is up: once the link goes down, the old
    /// figure goes with it, and the new link shows its own first measurement.
    @Test func theRoundTripShownIsTheCurrentLinks() {
        var state = AppWorld.state()
        _ = state.reduce(.serverLink(server: "local", link: .online))
        _ = state.reduce(.roundTrip(server: "local", milliseconds: 250))
        #expect(state.server("local")?.rttMilliseconds == 250)
        _ = state.reduce(.serverLink(server: "local", link: .offline("connection lost")))
        #expect(state.server("local")?.rttMilliseconds == nil, "the old link's round trip is still shown")
        _ = state.reduce(.serverLink(server: "local", link: .connecting))
        _ = state.reduce(.roundTrip(server: "local", milliseconds: 12))
        _ = state.reduce(.serverLink(server: "local", link: .online))
        #expect(state.server("local")?.rttMilliseconds == 12)
    }
}
