import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@Suite struct TriageQueueTests {
    let now = MonotonicTime.seconds(500)

    func key(_ server: String, _ id: String) -> SessionKey { SessionKey(server: server, sessionId: id) }

    func filled() -> TriageQueue {
        var queue = TriageQueue()
        queue.update(key("a", "idle-old"), waiting: true, reason: .idlePrompt, since: epoch.addingTimeInterval(-600))
        queue.update(
            key("b", "perm-new"), waiting: true, reason: .permissionPrompt, since: epoch.addingTimeInterval(-10))
        queue.update(key("a", "question"), waiting: true, reason: .question, since: epoch.addingTimeInterval(-300))
        queue.update(
            key("b", "perm-old"), waiting: true, reason: .permissionPrompt, since: epoch.addingTimeInterval(-100))
        queue.update(key("a", "unknown"), waiting: true, reason: nil, since: epoch.addingTimeInterval(-900))
        return queue
    }

    @Test func ordersByReasonThenWaitTime() {
        let order = filled().ordered(now: now).map(\.key.sessionId)
        #expect(order == ["perm-old", "perm-new", "question", "unknown", "idle-old"])
    }

    @Test func nextAndPreviousWalkTheOrderAndWrap() {
        var queue = filled()
        let forward = (0..<6).compactMap { _ in queue.next(now: now)?.key.sessionId }
        #expect(forward == ["perm-old", "perm-new", "question", "unknown", "idle-old", "perm-old"])
        #expect(queue.previous(now: now)?.key.sessionId == "idle-old")
        var empty = TriageQueue()
        #expect(empty.next(now: now) == nil)
    }

    @Test func snoozedItemsComeBackWhenTheTimePasses() {
        var queue = filled()
        queue.snooze(key("b", "perm-old"), for: .seconds(300), now: now)
        #expect(queue.ordered(now: now).first?.key.sessionId == "perm-new")
        #expect(queue.count(now: now) == 4)
        #expect(queue.snoozed(now: now).map(\.item.key.sessionId) == ["perm-old"])
        #expect(queue.nextWakeUp(now: now) == now + .seconds(300))
        #expect(queue.ordered(now: now + .seconds(299)).count == 4)
        #expect(queue.ordered(now: now + .seconds(300)).first?.key.sessionId == "perm-old")
        #expect(queue.nextWakeUp(now: now + .seconds(300)) == nil)
    }

    @Test func aNewWaitClearsTheSnoozeButARepeatDoesNot() {
        var queue = filled()
        let k = key("a", "question")
        queue.snooze(k, for: .seconds(600), now: now)
        queue.update(k, waiting: true, reason: .question, since: epoch)
        #expect(!queue.ordered(now: now).contains { $0.key == k }, "still the same wait")
        queue.update(k, waiting: false, reason: .stopped, since: epoch)
        queue.update(k, waiting: true, reason: .question, since: epoch)
        #expect(queue.ordered(now: now).contains { $0.key == k })
    }

    @Test func repeatKeepsTheOriginalSince() {
        var queue = TriageQueue()
        let k = key("a", "s")
        queue.update(k, waiting: true, reason: .idlePrompt, since: epoch)
        queue.update(k, waiting: true, reason: .permissionPrompt, since: epoch.addingTimeInterval(50))
        #expect(queue.ordered(now: now).first?.since == epoch)
        #expect(queue.ordered(now: now).first?.reason == .permissionPrompt)
    }

    @Test func sameSessionIdOnTwoServersIsTwoItems() {
        var queue = TriageQueue()
        queue.update(key("a", "same"), waiting: true, reason: .question, since: epoch)
        queue.update(key("b", "same"), waiting: true, reason: .question, since: epoch)
        #expect(queue.count(now: now) == 2)
        queue.removeAll(server: "a")
        #expect(queue.ordered(now: now).map(\.key.server) == ["b"])
    }
}

@Suite struct SnapshotTests {
    @Test func cachedStateRoundTrips() throws {
        let notification = ClientNotification(
            key: .init(server: "work", id: "n1"), title: "Input Required", body: "b", priority: .high,
            category: .session, type: .waitingInput, sessionId: sessionA, createdAt: epoch, isRead: true,
            isOnServer: true)
        let state = CachedServerState(
            server: "work", sessions: [], ticketsByProject: ["p": []], notifications: [notification], savedAt: epoch)
        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(CachedServerState.self, from: data)
        #expect(decoded == state)
        #expect(decoded.notifications.first?.isRead == true)
        let view = UIViewState(
            lastView: "board", selectedSession: SessionKey(server: "work", sessionId: sessionA), boardProject: "p")
        #expect(try JSONDecoder().decode(UIViewState.self, from: JSONEncoder().encode(view)) == view)
    }
}
