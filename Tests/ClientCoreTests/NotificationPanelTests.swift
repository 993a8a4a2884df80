// The notification panel's reducer on its own: the focus stays within the list, `r` and `R` mark
// read, Enter marks the focused one read and names its session, `c` and Esc are the app's steps.
import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@Suite struct NotificationPanelTests {
    /// A manager holding two notifications of server "work": "a" about sessionA, "b" about none.
    static func twoItems() -> NotificationHarness {
        var h = NotificationHarness()
        let items = [
            NotificationItem(
                id: "a", type: .waitingInput, message: "m a", createdAt: epoch,
                session: NotificationSessionRef(id: sessionA, type: .adhoc, status: .running), ticket: nil),
            NotificationItem(
                id: "b", type: .reviewReady, message: "m b", createdAt: epoch.addingTimeInterval(-60), session: nil,
                ticket: nil),
        ]
        h.record(h.manager.mergeServerList(items, server: "work", now: h.clock.now))
        return h
    }

    @Test func theFocusStaysWithinTheList() {
        var h = Self.twoItems()
        #expect(h.manager.reducePanel(.down, cursor: 0) == .focus(1))
        #expect(h.manager.reducePanel(.down, cursor: 1) == .focus(1))
        #expect(h.manager.reducePanel(.up, cursor: 0) == .focus(0))
        #expect(h.manager.reducePanel(.up, cursor: 7) == .focus(0), "a stale cursor is taken to the last row first")
        var empty = NotificationManager()
        #expect(empty.reducePanel(.down, cursor: 0) == .focus(0))
        #expect(empty.reducePanel(.open, cursor: 0) == .focus(0), "nothing to open")
    }

    @Test func markingReadChangesTheCountAndKeepsThePanel() {
        var h = Self.twoItems()
        #expect(h.manager.unreadCount == 2)
        #expect(h.manager.reducePanel(.markRead, cursor: 1) == .focus(1))
        #expect(h.manager.unreadCount == 1)
        #expect(h.manager.items[1].isRead)
        #expect(h.manager.reducePanel(.markAllRead, cursor: 1) == .focus(1))
        #expect(h.manager.unreadCount == 0)
    }

    @Test func enterOpensTheFocusedOnesSession() {
        var h = Self.twoItems()
        #expect(h.manager.reducePanel(.open, cursor: 0) == .open(SessionKey(server: "work", sessionId: sessionA)))
        #expect(h.manager.items[0].isRead)
        #expect(h.manager.reducePanel(.open, cursor: 1) == .open(nil), "a notification about no session only closes")
    }

    @Test func clearingAndClosingAreTheAppsSteps() {
        var h = Self.twoItems()
        #expect(h.manager.reducePanel(.clearAll, cursor: 0) == .clearAll)
        #expect(h.manager.items.count == 2, "the app clears, keeping a read-only server's")
        #expect(h.manager.reducePanel(.back, cursor: 0) == .close)
        #expect(h.manager.reducePanel(.triageNext, cursor: 1) == .focus(1), "other actions change nothing")
    }
}
