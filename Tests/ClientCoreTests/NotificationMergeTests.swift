import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@Suite struct NotificationMergeTests {
    func item(
        _ id: String, _ type: NotificationType, session: String? = nil, at offset: TimeInterval = 0
    ) -> NotificationItem {
        NotificationItem(
            id: id, type: type, message: "m \(id)", createdAt: epoch.addingTimeInterval(offset),
            session: session.map { NotificationSessionRef(id: $0, type: .adhoc, status: .running) },
            ticket: nil)
    }

    @Test func mergeAddsWithoutDuplicatesAndFillsDetails() {
        var h = NotificationHarness()
        h.receive(.notification(.init(id: "n1", title: "Input Required", body: "Fix: question", timestamp: epoch)))
        #expect(h.manager.items.first?.sessionId == nil)
        h.record(
            h.manager.mergeServerList(
                [item("n1", .waitingInput, session: sessionA), item("n2", .reviewReady, at: -60)], server: "work",
                now: h.clock.now))
        h.record(
            h.manager.mergeServerList(
                [item("n1", .waitingInput, session: sessionA), item("n2", .reviewReady, at: -60)], server: "work",
                now: h.clock.now))
        #expect(h.manager.items.map(\.key.id) == ["n1", "n2"])
        #expect(h.manager.items.first?.sessionId == sessionA)
        #expect(h.manager.items.first?.priority == .high)
        #expect(h.manager.items.last?.priority == .normal)
    }

    @Test func upsertOfTheSameIdUpdatesAndMakesUnread() {
        var h = NotificationHarness()
        h.record(
            h.manager.mergeServerList([item("n1", .waitingInput, session: sessionA)], server: "work", now: h.clock.now))
        h.manager.markRead(h.key("n1"))
        #expect(h.manager.unreadCount == 0)
        // Same id re-broadcast later (the server reset created_at).
        h.receive(
            .notification(
                .init(id: "n1", title: "Input Required", body: "again", timestamp: epoch.addingTimeInterval(120))))
        #expect(h.manager.items.count == 1)
        #expect(h.manager.items.first?.body == "again")
        #expect(h.manager.unreadCount == 1)
        #expect(h.manager.items.first?.sessionId == sessionA, "the session learnt from the list is kept")
        // The refetch of the unchanged row does not duplicate it or change its state.
        h.manager.markRead(h.key("n1"))
        h.record(
            h.manager.mergeServerList(
                [item("n1", .waitingInput, session: sessionA, at: 120)], server: "work", now: h.clock.now))
        #expect(h.manager.items.count == 1)
        #expect(h.manager.unreadCount == 0)
    }

    @Test func listedWaitingReplacesTheLocalOne() {
        var h = NotificationHarness()
        h.receive(.sessionWaiting(.init(sessionId: sessionA, waiting: true, reason: .question, timestamp: epoch)))
        h.receive(
            .notification(
                .init(id: "n9", title: "Input Required", body: "Fix: Claude asked a question", timestamp: epoch)))
        #expect(h.bannersShown.count == 1, "the server's copy of the same event raises no second banner")
        h.record(
            h.manager.mergeServerList([item("n9", .waitingInput, session: sessionA)], server: "work", now: h.clock.now))
        #expect(h.manager.items.map(\.key.id) == ["n9"])
        #expect(h.manager.items.first?.sessionId == sessionA)
    }

    @Test func unlistedServerItemsAreResolved() {
        var h = NotificationHarness()
        h.record(
            h.manager.mergeServerList(
                [item("a", .waitingInput, session: sessionA), item("b", .error, at: -5)], server: "work",
                now: h.clock.now))
        #expect(h.manager.unreadCount == 2)
        h.record(h.manager.mergeServerList([item("b", .error, at: -5)], server: "work", now: h.clock.now))
        #expect(h.manager.items.count == 2)
        #expect(h.manager.item(h.key("a"))?.isRead == true)
        #expect(h.manager.item(h.key("b"))?.isRead == false)
    }

    @Test func clearAllEmptiesAndDeletesOnEachServer() {
        var h = NotificationHarness()
        h.record(h.manager.mergeServerList([item("a", .reviewReady)], server: "work", now: h.clock.now))
        h.record(h.manager.mergeServerList([item("b", .reviewReady)], server: "home", now: h.clock.now))
        h.receive(.error(.init(code: .internalError, message: "x")))
        let actions = h.manager.clearAll(now: h.clock.now)
        #expect(actions.contains(.deleteAllOnServer(server: "work")))
        #expect(actions.contains(.deleteAllOnServer(server: "home")))
        #expect(actions.contains(.hideBanner))
        #expect(h.manager.items.isEmpty)
        #expect(h.manager.unreadCount == 0)
    }

    @Test func removingAServerItemDeletesItThere() {
        var h = NotificationHarness()
        h.record(h.manager.mergeServerList([item("a", .reviewReady)], server: "work", now: h.clock.now))
        h.receive(
            .ticketState(
                .init(
                    ticketId: ticketT, previousState: .review, newState: .done, trigger: .manual, reason: .userApproved,
                    timestamp: epoch)))
        #expect(h.manager.remove(h.key("a"), now: h.clock.now) == [.deleteOnServer(server: "work", id: "a")])
        let local = h.manager.items[0].key
        #expect(h.manager.remove(local, now: h.clock.now).isEmpty)
        #expect(h.manager.items.isEmpty)
    }

    @Test func capacityDropsTheOldest() {
        var h = NotificationHarness()
        h.manager.configuration.capacity = 10
        let list = (0..<15).map { item("n\($0)", .reviewReady, at: TimeInterval(-$0)) }
        h.record(h.manager.mergeServerList(list, server: "work", now: h.clock.now))
        #expect(h.manager.items.count == 10)
        #expect(h.manager.items.first?.key.id == "n0")
        #expect(h.manager.items.last?.key.id == "n9")
    }
}
