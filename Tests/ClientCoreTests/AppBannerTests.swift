import ClientCore
import Foundation
import Testing

@Suite struct AppBannerTests {
    func worldWithPermissionBanner() -> AppState {
        var state = AppWorld.state()
        _ = state.reduce(.sessionWaiting(AppWorld.b, waiting: true, reason: "permission_prompt"))
        _ = state.reduce(.notificationReceived(AppWorld.notification("n1", priority: .high, session: AppWorld.b)))
        return state
    }

    @Test func highPriorityRaisesABannerForFiveSeconds() {
        var state = worldWithPermissionBanner()
        #expect(state.bannerNotification?.id == "n1")
        _ = state.reduce(.tick(AppWorld.t0.addingTimeInterval(4.9)))
        #expect(state.banner != nil)
        _ = state.reduce(.tick(AppWorld.t0.addingTimeInterval(5)))
        #expect(state.banner == nil)
        #expect(state.notifications.first?.isRead == true)
    }

    @Test func normalPriorityDoesNotRaiseABanner() {
        var state = AppWorld.state()
        _ = state.reduce(.notificationReceived(AppWorld.notification("n2", priority: .normal)))
        #expect(state.banner == nil)
        #expect(state.unreadCount == 1)
    }

    @Test func yAndNAnswerThePermissionPromptOfTheBannerSession() {
        var yes = worldWithPermissionBanner()
        #expect(yes.press(.char("y")) == [.sendInput(AppWorld.b, "y")])
        #expect(yes.banner == nil)
        var no = worldWithPermissionBanner()
        #expect(no.press(.char("n")) == [.sendInput(AppWorld.b, "n")])
        #expect(no.selection == AppWorld.a, "answering does not move the selection")
    }

    @Test func yIsNotAnAnswerWhenTheSessionDoesNotWaitOnAPermission() {
        var state = AppWorld.state()
        _ = state.reduce(.notificationReceived(AppWorld.notification("n1", priority: .urgent, session: AppWorld.b)))
        #expect(state.press(.char("y")).isEmpty)
        #expect(state.banner != nil)
    }

    @Test func oJumpsToTheSessionAndDDismisses() {
        var jump = worldWithPermissionBanner()
        let effects = jump.press(.char("o"))
        #expect(jump.screen == .attached(AppWorld.b))
        #expect(effects.contains(.attach(AppWorld.b, jump.attachSize)))
        var dismiss = worldWithPermissionBanner()
        #expect(dismiss.press(.char("d")).isEmpty)
        #expect(dismiss.banner == nil)
        #expect(dismiss.unreadCount == 0)
    }

    @Test func noBannerForTheSessionBeingWatched() {
        var state = AppWorld.state()
        state.selection = AppWorld.b
        _ = state.press(.enter)
        _ = state.reduce(.notificationReceived(AppWorld.notification("n1", priority: .high, session: AppWorld.b)))
        #expect(state.banner == nil)
        #expect(state.unreadCount == 1)
    }

    @Test func panelMarksReadOpensAndClears() {
        var state = AppWorld.state()
        _ = state.reduce(.notificationReceived(AppWorld.notification("old", priority: .normal, session: AppWorld.a)))
        _ = state.reduce(.notificationReceived(AppWorld.notification("new", priority: .normal, session: AppWorld.c)))
        _ = state.press(.char("b"))
        #expect(state.overlay == .notifications(cursor: 0))
        _ = state.press(.char("r"))
        #expect(state.notifications.map(\.isRead) == [true, false])
        _ = state.press(.char("j"))
        let open = state.press(.enter)
        #expect(state.screen == .attached(AppWorld.a))
        #expect(open.contains(.attach(AppWorld.a, state.attachSize)))
        _ = state.press(.ctrl("]"))
        _ = state.press(.char("!"))
        #expect(state.press(.char("C")) == [.clearNotifications])
        #expect(state.notifications.isEmpty)
    }

    @Test func listIsCappedAndServerMergeSkipsKnownIds() {
        var state = AppWorld.state()
        for i in 0..<60 {
            _ = state.reduce(
                .notificationReceived(
                    AppWorld.notification("n\(i)", priority: .low, at: AppWorld.t0.addingTimeInterval(Double(i)))))
        }
        #expect(state.notifications.count == 50)
        #expect(state.notifications.first?.id == "n59")
        _ = state.reduce(.notificationsLoaded(server: "local", items: [AppWorld.notification("n59", priority: .low)]))
        #expect(state.notifications.filter { $0.id == "n59" }.count == 1)
    }
}

@Suite struct AppWaitingNotificationTests {
    @Test func waitingRaisesABannerThatYAnswers() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionWaiting(AppWorld.b, waiting: true, reason: "permission_prompt"))
        #expect(state.bannerNotification?.session == AppWorld.b)
        #expect(state.bannerNotification?.body == "Task session-2: permission prompt")
        #expect(state.press(.char("y")) == [.sendInput(AppWorld.b, "y")])
    }

    @Test func serverNotificationWithoutSessionIsMatchedAndReplacesTheLocalOne() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionWaiting(AppWorld.b, waiting: true, reason: "permission_prompt"))
        let server = AppNotification(
            id: "srv-1", server: "local", title: "Input Required", body: "Task session-2: permission_prompt",
            priority: .high, createdAt: AppWorld.t0)
        _ = state.reduce(.notificationReceived(server))
        #expect(state.notifications.map(\.id) == ["srv-1"])
        #expect(state.notifications.first?.session == AppWorld.b)
        #expect(state.bannerNotification?.id == "srv-1")
        #expect(state.press(.char("n")) == [.sendInput(AppWorld.b, "n")])
    }

    @Test func ambiguousServerNotificationsStayUnmatched() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionWaiting(AppWorld.a, waiting: true, reason: "question"))
        _ = state.reduce(.sessionWaiting(AppWorld.b, waiting: true, reason: "question"))
        let server = AppNotification(
            id: "srv-2", server: "local", title: "Input Required", body: "Something else: question", priority: .high,
            createdAt: AppWorld.t0)
        _ = state.reduce(.notificationReceived(server))
        #expect(state.notifications.first { $0.id == "srv-2" }?.session == nil)
        #expect(state.press(.char("y")).isEmpty)
    }

    @Test func waitingEndingRetiresTheBanner() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionWaiting(AppWorld.b, waiting: true, reason: "question"))
        #expect(state.banner != nil)
        _ = state.reduce(.sessionWaiting(AppWorld.b, waiting: false, reason: "unknown"))
        #expect(state.banner == nil)
        #expect(state.unreadCount == 0)
    }

    @Test func noBannerWhileAttachedToTheWaitingSession() {
        var state = AppWorld.state()
        state.selection = AppWorld.b
        _ = state.press(.enter)
        _ = state.reduce(.sessionWaiting(AppWorld.b, waiting: true, reason: "permission_prompt"))
        #expect(state.banner == nil)
    }
}
