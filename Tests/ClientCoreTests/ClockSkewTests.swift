// Clock skew: the server's offset is estimated from pongs (the smallest round trip wins, small
// moves are not reported), and server timestamps are moved onto our clock before ages and waiting
// times are computed; times taken before an estimate (the first resync lands before the first
// pong) move when it lands, without changing which prompt a session waits on.
import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct ClockSkewTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theSampleWithTheSmallestRoundTripWins() {
        var estimator = ClockOffsetEstimator()
        // The server is 120 s ahead. A slow pong (400 ms) first, then a fast one (20 ms).
        let slow = estimator.add(
            serverTime: Self.t0.addingTimeInterval(120 - 0.2), receivedAt: Self.t0.addingTimeInterval(0.1),
            roundTrip: .milliseconds(400))
        #expect(abs((slow ?? 0) - 119.9) < 0.001, "\(String(describing: slow))")
        let fast = estimator.add(
            serverTime: Self.t0.addingTimeInterval(120 - 0.01), receivedAt: Self.t0, roundTrip: .milliseconds(20))
        #expect(fast == nil, "a move under half a second is not reported")
        #expect(abs((estimator.offset ?? 0) - 120) < 0.001)
    }

    @Test func aMoveOfHalfASecondOrMoreIsReported() {
        var estimator = ClockOffsetEstimator(window: 2)
        _ = estimator.add(serverTime: Self.t0, receivedAt: Self.t0, roundTrip: .milliseconds(10))
        _ = estimator.add(serverTime: Self.t0.addingTimeInterval(3), receivedAt: Self.t0, roundTrip: .milliseconds(20))
        let moved = estimator.add(
            serverTime: Self.t0.addingTimeInterval(3), receivedAt: Self.t0, roundTrip: .milliseconds(20))
        #expect(moved.map { abs($0 - 3.01) < 0.001 } == true, "the old fast sample left the window")
    }

    @Test func notificationAgesAndWaitingUseOurClock() {
        var state = AppWorld.state()
        _ = state.reduce(.serverClock(server: "local", offsetSeconds: 3600))
        // The server is an hour ahead: its "now" is t0 + 1 h.
        let item = NotificationItem(
            id: "n1", type: .waitingInput, message: "Task session-1: permission_prompt",
            createdAt: AppWorld.t0.addingTimeInterval(3600 - 30),
            session: NotificationSessionRef(id: AppWorld.a.sessionId, type: .ticket, status: .running))
        _ = state.reduce(.notificationsLoaded(server: "local", items: [item], resync: true))
        let stored = state.notifications.items.first { $0.key.id == "n1" }
        #expect(stored?.createdAt == AppWorld.t0.addingTimeInterval(-30), "30 s ago on our clock, not in 59 min")
        #expect(state.sessions[AppWorld.a]?.waiting?.since == AppWorld.t0.addingTimeInterval(-30))
    }

    static func waitingItem(createdAt: Date) -> NotificationItem {
        NotificationItem(
            id: "n1", type: .waitingInput, message: "Task session-1: permission_prompt", createdAt: createdAt,
            session: NotificationSessionRef(id: AppWorld.a.sessionId, type: .ticket, status: .running))
    }

    @Test func theFirstResyncBeforeTheFirstPongIsMovedOntoOurClockWhenThePongLands() throws {
        var state = AppWorld.state()
        // The server is an hour ahead; its lists land before any pong.
        var listed = AppWorld.session(AppWorld.a)
        listed.updatedAt = AppWorld.t0.addingTimeInterval(3600 - 60)
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: [listed, AppWorld.session(AppWorld.b)]))
        let item = Self.waitingItem(createdAt: AppWorld.t0.addingTimeInterval(3600 - 30))
        _ = state.reduce(.notificationsLoaded(server: "local", items: [item], resync: true))
        let prompt = try #require(state.prompt(of: AppWorld.a))
        _ = state.reduce(.serverClock(server: "local", offsetSeconds: 3600))
        #expect(state.notifications.items.first { $0.key.id == "n1" }?.createdAt == AppWorld.t0.addingTimeInterval(-30))
        #expect(state.sessions[AppWorld.a]?.updatedAt == AppWorld.t0.addingTimeInterval(-60))
        #expect(state.sessions[AppWorld.a]?.waiting?.since == AppWorld.t0.addingTimeInterval(-30))
        #expect(state.notifications.waiting[AppWorld.a]?.since == AppWorld.t0.addingTimeInterval(-30))
        #expect(state.prompt(of: AppWorld.a) == prompt, "the prompt stays the one the user saw")
        #expect(state.sessions[AppWorld.c]?.updatedAt == AppWorld.t0, "other servers' times stay")
        // A second, close estimate moves them by the difference only.
        _ = state.reduce(.serverClock(server: "local", offsetSeconds: 3599))
        #expect(state.sessions[AppWorld.a]?.updatedAt == AppWorld.t0.addingTimeInterval(-59))
    }

    @Test func aLiveWaitIsOnOurClockAndALocalErrorIsNotMoved() {
        var state = AppWorld.state()
        _ = state.reduce(.serverClock(server: "local", offsetSeconds: 3600))
        _ = state.reduce(AppWorld.waits(AppWorld.a, .permissionPrompt, at: 3600 - 10))
        #expect(state.notifications.waiting[AppWorld.a]?.since == AppWorld.t0.addingTimeInterval(-10))
        let error = ErrorPayload(code: .sessionNotFound, message: "Session not found: x")
        _ = state.reduce(.message(server: "local", .error(error), receivedAt: AppWorld.t0))
        let stored = state.notifications.items.first { $0.title.hasPrefix("Error") }
        #expect(stored?.createdAt == AppWorld.t0, "dated on our clock when it arrived, not moved by the offset")
    }
}
