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

@Suite struct WaitingReconcileTests {
    func entry(
        _ id: String, session: String, status: SessionStatus = .running, message: String, at offset: TimeInterval = 0
    )
        -> NotificationItem
    {
        NotificationItem(
            id: id, type: .waitingInput, message: message, createdAt: epoch.addingTimeInterval(offset),
            session: NotificationSessionRef(id: session, type: .adhoc, status: status))
    }

    @Test func reasonsFromServerMessages() {
        #expect(NotificationManager.waitingReason(fromMessage: "Fix login: permission_prompt") == .permissionPrompt)
        #expect(NotificationManager.waitingReason(fromMessage: "A: b: Claude asked a question") == .question)
        #expect(NotificationManager.waitingReason(fromMessage: "x: idle_prompt") == .idlePrompt)
        #expect(NotificationManager.waitingReason(fromMessage: "Ticket X needs clarification: why?") == .unknown)
        #expect(NotificationManager.waitingReason(fromMessage: "no separator") == .unknown)
    }

    @Test func resyncRebuildsWaitingAndTriage() {
        var manager = NotificationManager()
        let now = MonotonicTime.seconds(1)
        let stale = SessionKey(server: "work", sessionId: sessionA)
        let other = SessionKey(server: "home", sessionId: sessionA)
        _ = manager.handle(
            .sessionWaiting(.init(sessionId: sessionA, waiting: true, reason: .question, timestamp: epoch)),
            server: "work", receivedAt: epoch, now: now)
        _ = manager.handle(
            .sessionWaiting(.init(sessionId: sessionA, waiting: true, reason: .question, timestamp: epoch)),
            server: "home", receivedAt: epoch, now: now)
        var triage = TriageQueue()
        triage.sync(server: "work", waiting: manager.waiting)
        triage.sync(server: "home", waiting: manager.waiting)
        #expect(triage.count(now: now) == 2)
        // While disconnected, A stopped waiting and B started; a completed session's row is ignored.
        let list = [
            entry("n1", session: sessionB, message: "Deploy: permission_prompt", at: -30),
            entry("n2", session: ticketT, status: .completed, message: "Old: idle_prompt"),
        ]
        manager.reconcileWaiting(with: list, server: "work")
        let fresh = SessionKey(server: "work", sessionId: sessionB)
        #expect(manager.waiting[stale] == nil)
        let began = epoch.addingTimeInterval(-30)
        #expect(manager.waiting[fresh] == WaitingState(reason: .permissionPrompt, since: began, serverSince: began))
        #expect(manager.waiting[other] != nil, "other servers are untouched")
        triage.sync(server: "work", waiting: manager.waiting)
        #expect(Set(triage.ordered(now: now).map(\.key)) == [fresh, other])
    }
}
