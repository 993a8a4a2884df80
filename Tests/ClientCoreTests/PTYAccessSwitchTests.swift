import ClaudePMProtocol
import ClientCore
import TestSupport
import Testing

/// `.setAccess`: a pane stream switched between watching and interactive on the same socket.
@Suite("PTY access switch")
struct PTYAccessSwitchTests {
    private static let tile = PTYConnectionMachine.Access(readOnly: true, pingInterval: nil)
    private static let attached = PTYConnectionMachine.Access(readOnly: false, pingInterval: .seconds(5))

    private static func watching() -> PTYHarness {
        var configuration = PTYConnectionMachine.Configuration()
        configuration.readOnly = true
        configuration.paneStream = true
        configuration.pingInterval = nil
        var h = PTYHarness(configuration: configuration)
        h.attach(cols: 40, rows: 12)
        return h
    }

    @Test func goingInteractiveSendsOneResizeWithTheModeAndThenTakesInput() {
        var h = Self.watching()
        h.send(.input("ignored"))
        #expect(h.dataSent.isEmpty)
        let before = h.sentMessages.count
        h.send(.setAccess(Self.attached, cols: 120, rows: 39))
        let sent = Array(h.sentMessages.dropFirst(before))
        #expect(sent == [.ptyResize(sessionId: h.machine.sessionId, cols: 120, rows: 39, readOnly: false)])
        #expect(h.timers[.heartbeat] != nil)
        #expect(h.timers[.resize] == nil)
        h.send(.input("ls\r"))
        while h.timers[.flushInput] != nil, h.fireNextTimer() != nil {}
        #expect(h.dataSent == "ls\r")
        #expect(h.machine.configuration.readOnly == false)
    }

    @Test func goingBackToWatchingFlushesTypedKeysFirstAndStopsPinging() {
        var h = Self.watching()
        h.send(.setAccess(Self.attached, cols: 120, rows: 39))
        h.send(.input("x"))
        h.send(.setAccess(Self.tile, cols: 40, rows: 12))
        // The key went out (at once or flushed by the switch) before the stream turned read-only.
        #expect(h.sentMessages.last == .ptyResize(sessionId: h.machine.sessionId, cols: 40, rows: 12, readOnly: true))
        #expect(h.dataSent == "x")
        #expect(h.timers[.heartbeat] == nil)
        #expect(h.timers[.pongDue] == nil)
        h.send(.input("dropped"))
        #expect(h.dataSent == "x")
        #expect(h.dropped == "dropped".utf8.count)
    }

    @Test func theSameModeIsOnlyAResizeAndADroppedLinkReattachesInTheNewMode() {
        var h = Self.watching()
        h.send(.setAccess(Self.tile, cols: 50, rows: 20))
        #expect(!h.sentMessages.contains { if case .ptyResize(_, _, _, .some, _) = $0 { true } else { false } })
        h.send(.setAccess(Self.attached, cols: 120, rows: 39))
        h.send(.socketClosed(code: 1006, reason: "gone"))
        #expect(h.fireNextTimer() == .reconnect)
        h.send(.socketOpened)
        let attach = h.sentMessages.last
        #expect(
            attach
                == .ptyAttach(
                    sessionId: h.machine.sessionId, cols: 120, rows: 39, readOnly: nil, stream: "pane", history: nil))
    }

    /// The fit key: one resize marked `fit` at once (no debounce), and none from a read-only stream.
    @Test func fitSendsOneMarkedResizeAtOnceAndNothingWhenReadOnly() {
        var h = Self.watching()
        let before = h.sentMessages.count
        h.send(.fit(cols: 100, rows: 30))
        #expect(h.sentMessages.count == before, "a read-only stream sized its window")
        h.send(.setAccess(Self.attached, cols: 120, rows: 39))
        h.send(.fit(cols: 120, rows: 39))
        #expect(h.sentMessages.last == .ptyResize(sessionId: h.machine.sessionId, cols: 120, rows: 39, fit: true))
        #expect(h.timers[.resize] == nil)
    }
}
