// What the app model needs from NotificationManager and TriageQueue beyond their own policy:
// the waiting notification's key, server-style waiting bodies, a banner that follows upserts of
// what it shows, and a triage cursor that can start over.

import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct NotificationAppSupportTests {
    let session = SessionKey(server: "work", sessionId: sessionA)

    func waiting(_ reason: WaitingReason) -> ServerMessage {
        .sessionWaiting(.init(sessionId: sessionA, waiting: true, reason: reason, timestamp: epoch))
    }

    @Test func waitingNotificationUsesTheWaitingKey() {
        var h = NotificationHarness()
        h.receive(waiting(.permissionPrompt))
        #expect(h.manager.items.map(\.key) == [NotificationManager.waitingKey(session)])
        #expect(NotificationManager.waitingKey(session).id == "local:waiting:\(sessionA)")
    }

    @Test func knownSessionNamesGiveTheServersBody() {
        var h = NotificationHarness()
        h.receive(waiting(.permissionPrompt))
        #expect(h.manager.items.first?.body == "Claude is waiting for input (permission_prompt)")
        h.manager.sessionNames[session] = "Fix login"
        h.receive(waiting(.permissionPrompt))
        #expect(h.manager.items.first?.body == "Fix login: permission_prompt")
        h.receive(waiting(.question))
        #expect(h.manager.items.first?.body == "Fix login: Claude asked a question")
    }

    @Test func theBannerFollowsAnUpsertOfWhatItShows() {
        var h = NotificationHarness()
        h.receive(.notification(.init(id: "n1", title: "Input Required", body: "first", timestamp: epoch)))
        #expect(h.manager.banner?.notification.body == "first")
        #expect(h.manager.banner?.notification.sessionId == nil)
        let listed = NotificationItem(
            id: "n1", type: .waitingInput, message: "first", createdAt: epoch,
            session: NotificationSessionRef(id: sessionA, type: .ticket, status: .running))
        h.record(h.manager.mergeServerList([listed], server: "work", now: h.clock.now))
        #expect(h.manager.banner?.notification.sessionId == sessionA, "the refetch tells the banner its session")
    }

    @Test func resetCursorStartsTriageOverAtTheMostUrgent() {
        var queue = TriageQueue()
        let first = SessionKey(server: "work", sessionId: "a")
        let second = SessionKey(server: "work", sessionId: "b")
        queue.update(first, waiting: true, reason: .permissionPrompt, since: epoch)
        queue.update(second, waiting: true, reason: .question, since: epoch)
        #expect(queue.next(now: .zero)?.key == first)
        #expect(queue.next(now: .zero)?.key == second)
        queue.resetCursor()
        #expect(queue.cursor == nil)
        #expect(queue.next(now: .zero)?.key == first)
    }
}
