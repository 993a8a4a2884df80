// The status line says when the next try is, as a wall-clock time (no countdown needed), and
// that Ctrl-R tries now.
import ClientCore
import ClientNetwork
import Foundation
import Testing

@testable import ClientRuntime

@Suite struct RetryClockTests {
    @Test func theNextTryIsShownAsAClockTime() {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        let text = ServerEventMapper.retryClock(.seconds(42), now: .seconds(30), date: date)
        #expect(text == formatter.string(from: date.addingTimeInterval(12)))
    }

    @Test func aReconnectingServerSaysWhenAndHowToTryNow() {
        let status = ConnectionStatus.reconnecting(attempt: 2, retryAt: MonotonicClock().now())
        guard case .offline(let text) = ServerEventMapper.link(status) else {
            Issue.record("not offline")
            return
        }
        #expect(text.hasPrefix("reconnecting at "))
        #expect(text.hasSuffix(", try 3 (C-r: now)"))
    }
}

/// "Online" means the resync has landed: an opened socket shows as connecting, and the resync's
/// data comes before the online state.
@Suite struct OnlineAfterResyncTests {
    @Test func anOpenSocketIsConnectingUntilItsResyncLands() {
        #expect(
            ServerEventMapper.map(.status(server: "s", .connected), server: "s")
                == [.serverLink(server: "s", link: .connecting)])
        let snapshot = ServerSnapshot(sessions: [], notifications: [], projects: [], tickets: [:])
        let events = ServerEventMapper.map(.resynced(server: "s", snapshot), server: "s")
        #expect(events.last == .serverLink(server: "s", link: .online))
        #expect(events.first == .sessionsLoaded(server: "s", sessions: [], requestedAt: nil))
    }

    @Test func recordsLeftOutOfAResyncBecomeTheAppsNotice() {
        let records = ["session #1 (5eed0001): bad status"]
        #expect(
            ServerEventMapper.map(.recordsSkipped(server: "s", records), server: "s")
                == [.recordsSkipped(server: "s", records)])
    }
}
