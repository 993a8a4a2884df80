// The app model drives ClientCore's NotificationManager: banners for waiting sessions and server
// notifications, banner keys, the panel, and what happens when the user is attached.

import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct AppBannerTests {
    func worldWithPermissionBanner() -> AppState {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        return state
    }

    @Test func highPriorityRaisesABannerForFiveSeconds() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.serverNotification("n1", title: "Context Low"))
        #expect(state.banner?.notification.title == "Context Low")
        #expect(state.nextTimer == .seconds(5))
        _ = state.reduce(AppWorld.tick(4.9))
        #expect(state.banner != nil)
        _ = state.reduce(AppWorld.tick(5))
        #expect(state.banner == nil)
        #expect(state.notifications.items.first?.isRead == true)
        #expect(state.notifications.nextTick == nil)
    }

    @Test func aPermissionBannerStaysUntilAnswered() {
        var state = worldWithPermissionBanner()
        #expect(state.banner?.notification.key == NotificationManager.waitingKey(AppWorld.b))
        _ = state.reduce(AppWorld.tick(300))
        #expect(state.banner?.notification.sessionKey == AppWorld.b, "still shown after five minutes")
        let yes = state.answerEffect(AppWorld.b, .allow)
        #expect(state.press(.char("y")) == [yes])
        #expect(state.banner == nil)
    }

    @Test func yAndNAnswerTheSelectedSessionAfterItsBannerIsGoneOnce() {
        var state = worldWithPermissionBanner()
        _ = state.press(.char("d"))
        #expect(state.banner == nil, "dismissed")
        #expect(state.press(.char("y")).isEmpty, "a (selected) is not waiting")
        #expect(state.flash == "the selected session has no permission prompt waiting")
        _ = state.press(.char("j"))
        #expect(state.selection == AppWorld.b)
        state.readBanner()
        let no = state.answerEffect(AppWorld.b, .deny)
        #expect(state.press(.char("n")) == [no])
        #expect(state.press(.char("y")).isEmpty, "one answer per prompt: the second is not sent")
        #expect(state.flash == "the answer to Task session-2: permission is on its way: nothing sent")
        _ = state.reduce(AppWorld.stopsWaiting(AppWorld.b, at: 1))
        #expect(state.press(.char("y")).isEmpty, "nothing waits any more")
    }

    @Test func normalPriorityDoesNotRaiseABanner() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.serverNotification("n2", title: "Ready for Review"))
        #expect(state.banner == nil)
        #expect(state.unreadCount == 1)
    }

    @Test func aBurstFoldsIntoOneBannerWithMore() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.a, .question))
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt, at: 0.2))
        _ = state.reduce(AppWorld.waits(AppWorld.c, .question, at: 0.4))
        #expect(state.banner?.notification.sessionKey == AppWorld.a)
        #expect(state.banner?.moreCount == 2)
        #expect(state.unreadCount == 3)
    }

    @Test func yAndNAnswerThePermissionPromptOfTheBannerSession() {
        var yes = worldWithPermissionBanner()
        yes.readBanner()
        let allow = yes.answerEffect(AppWorld.b, .allow)
        #expect(yes.press(.char("y")) == [allow])
        #expect(yes.banner == nil)
        var no = worldWithPermissionBanner()
        no.readBanner()
        let deny = no.answerEffect(AppWorld.b, .deny)
        #expect(no.press(.char("n")) == [deny])
        #expect(no.selection == AppWorld.a, "answering does not move the selection")
    }

    @Test func yIsNotAnAnswerWhenTheSessionDoesNotWaitOnAPermission() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .question))
        state.readBanner()
        #expect(state.banner != nil)
        #expect(state.press(.char("y")).isEmpty, "nothing is sent")
        #expect(state.banner != nil)
        guard case .answer(let box) = state.overlay else {
            Issue.record("no answer box: \(String(describing: state.overlay))")
            return
        }
        #expect(box.prompt == state.prompt(of: AppWorld.b))
    }

    @Test func oJumpsToTheSessionAndDDismisses() {
        var jump = worldWithPermissionBanner()
        let effects = jump.press(.char("o"))
        #expect(jump.page == .attached(AppWorld.b))
        #expect(effects.contains(.attach(AppWorld.b, jump.attachSize)))
        var dismiss = worldWithPermissionBanner()
        #expect(dismiss.press(.char("d")).isEmpty)
        #expect(dismiss.banner == nil)
        #expect(dismiss.unreadCount == 0)
    }

    @Test func noBannerForTheSessionBeingWatchedAndItsNewsCountsAsSeen() {
        var state = AppWorld.state()
        state.selection = AppWorld.b
        _ = state.press(.enter)
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        #expect(state.banner == nil)
        #expect(state.notifications.items.count == 1)
        #expect(state.unreadCount == 0)
    }

    @Test func attachingHidesABannerAboutThatSession() {
        var state = worldWithPermissionBanner()
        state.selection = AppWorld.b
        _ = state.press(.enter)
        #expect(state.page == .attached(AppWorld.b))
        #expect(state.banner == nil)
        #expect(state.notifications.focusedSession == AppWorld.b)
        _ = state.press(.ctrl("]"))
        #expect(state.notifications.focusedSession == nil)
    }

    @Test func notifyModeOffKeepsTheListButRaisesNoBanner() {
        var state = AppWorld.state()
        state.ui.notifyMode = .off
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        #expect(state.banner == nil)
        #expect(state.unreadCount == 1)
    }

    @Test func panelMarksReadOpensAndClears() {
        var state = AppWorld.state()
        let list = [
            AppWorld.listed("new", .reviewReady, session: AppWorld.a, at: 10),
            AppWorld.listed("old", .reviewReady, session: AppWorld.b),
        ]
        _ = state.reduce(.notificationsLoaded(server: "local", items: list, resync: false))
        _ = state.press(.char("b"))
        #expect(state.overlay == .notifications(cursor: 0))
        _ = state.press(.char("r"))
        #expect(state.notifications.items.map(\.isRead) == [true, false])
        _ = state.press(.char("j"))
        let open = state.press(.enter)
        #expect(state.page == .attached(AppWorld.b))
        #expect(open.contains(.attach(AppWorld.b, state.attachSize)))
        _ = state.press(.ctrl("]"))
        _ = state.press(.char("!"))
        #expect(state.press(.char("C")) == [.network(.clearNotifications(server: "local"))])
        #expect(state.notifications.items.isEmpty)
    }

    @Test func listIsCappedAndServerMergeSkipsKnownIds() {
        var state = AppWorld.state()
        for i in 0..<210 {
            _ = state.reduce(AppWorld.serverNotification("n\(i)", title: "Ticket Update", at: Double(i)))
        }
        #expect(state.notifications.items.count == 200)
        #expect(state.notifications.items.first?.key.id == "n209")
        let list = [AppWorld.listed("n209", .reviewReady, at: 209)]
        _ = state.reduce(.notificationsLoaded(server: "local", items: list, resync: false))
        #expect(state.notifications.items.filter { $0.key.id == "n209" }.count == 1)
    }
}

@Suite struct AppWaitingNotificationTests {
    @Test func waitingRaisesABannerThatYAnswers() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        #expect(state.banner?.notification.sessionKey == AppWorld.b)
        #expect(state.banner?.notification.body == "Task session-2: permission_prompt")
        state.readBanner()
        let yes = state.answerEffect(AppWorld.b, .allow)
        #expect(state.press(.char("y")) == [yes])
    }

    @Test func theServersCopyReplacesTheLocalOneAndStillAnswers() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        state.readBanner()
        let effects = state.reduce(
            AppWorld.serverNotification("srv-1", body: "Task session-2: permission_prompt", at: 0.1))
        #expect(
            effects == [.network(.refetchNotifications(server: "local"))], "the wire message has no session: refetch")
        let list = [AppWorld.listed("srv-1", message: "Task session-2: permission_prompt", session: AppWorld.b)]
        _ = state.reduce(.notificationsLoaded(server: "local", items: list, resync: false))
        #expect(state.notifications.items.map(\.key.id) == ["srv-1"])
        #expect(state.notifications.items.first?.sessionKey == AppWorld.b)
        #expect(state.banner?.notification.key.id == "srv-1")
        #expect(!state.bannerIsFresh, "the server's copy of the same prompt is no change")
        let no = state.answerEffect(AppWorld.b, .deny)
        #expect(state.press(.char("n")) == [no])
    }

    @Test func aServerNotificationWithoutSessionCannotBeAnswered() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.serverNotification("srv-2", body: "Something else: permission_prompt"))
        #expect(state.banner?.notification.key.id == "srv-2")
        state.readBanner()
        #expect(state.press(.char("y")).isEmpty)
        #expect(state.flash == "this banner has no prompt to answer (d dismisses it)")
    }

    @Test func waitingEndingRetiresTheBanner() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .question))
        #expect(state.banner != nil)
        _ = state.reduce(AppWorld.stopsWaiting(AppWorld.b, at: 1))
        #expect(state.banner == nil)
        #expect(state.unreadCount == 0)
    }

    @Test func aResyncListSaysWhoIsWaitingAfterAReconnect() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.a, .question))
        let list = [AppWorld.listed("w-b", message: "Task session-2: permission_prompt", session: AppWorld.b)]
        _ = state.reduce(.notificationsLoaded(server: "local", items: list, resync: true))
        #expect(state.sessions[AppWorld.a]?.waiting == nil, "a stopped waiting while the socket was down")
        #expect(state.sessions[AppWorld.b]?.waiting?.reason == "permission_prompt")
        #expect(state.triageQueue.map(\.key) == [AppWorld.b])
    }

    @Test func aSessionListKeepsWhatSessionWaitingSaid() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .question))
        let reloaded = [AppWorld.session(AppWorld.a), AppWorld.session(AppWorld.b)]
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: reloaded))
        #expect(state.sessions[AppWorld.b]?.waiting?.reason == "question")
        #expect(state.triageQueue.map(\.key) == [AppWorld.b])
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: [AppWorld.session(AppWorld.a)]))
        #expect(state.triageQueue.isEmpty, "a vanished session leaves triage")
    }
}

@Suite struct AppAttachedBannerTests {
    /// Attached to a; b then waits on a permission prompt.
    func attachedWithBannerAboutB() -> AppState {
        var state = AppWorld.state()
        _ = state.press(.enter)
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        return state
    }

    @Test func aBannerAboutAnotherSessionShowsWhileAttached() {
        let state = attachedWithBannerAboutB()
        #expect(state.page == .attached(AppWorld.a))
        #expect(state.banner?.notification.sessionKey == AppWorld.b)
        #expect(state.bannerJumpTarget == AppWorld.b)
    }

    @Test func theJumpKeyAttachesTheBannerSession() {
        var state = attachedWithBannerAboutB()
        let effects = state.press(.ctrl("\\"))
        #expect(Array(effects.prefix(2)) == [.detach(AppWorld.a), .attach(AppWorld.b, state.attachSize)])
        #expect(state.page == .attached(AppWorld.b))
        #expect(state.banner == nil)
    }

    @Test func withoutSuchABannerTheJumpKeyGoesToTheSession() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        #expect(state.press(.ctrl("\\")) == [.forwardKey(AppWorld.a, .ctrl("\\"))])
        _ = state.reduce(AppWorld.waits(AppWorld.a, .permissionPrompt))
        #expect(state.banner == nil, "no banner about the attached session itself")
        #expect(state.press(.ctrl("\\")) == [.forwardKey(AppWorld.a, .ctrl("\\"))])
    }

    @Test func yAndNStillGoToTheAttachedSession() {
        var state = attachedWithBannerAboutB()
        #expect(state.press(.char("y")) == [.forwardKey(AppWorld.a, .char("y"))])
        #expect(state.banner != nil)
    }

    @Test func theJumpKeyMovesAsideWhenItIsTheDetachKey() throws {
        let detach = try #require(DetachKey(parsing: "C-\\"))
        #expect(Keymap.jumpKey(detach: detach) == .ctrl("^"))
        #expect(Keymap.jumpKey(detach: .default) == .ctrl("\\"))
        var state = attachedWithBannerAboutB()
        state.ui.detachKey = detach
        _ = state.press(.ctrl("^"))
        #expect(state.page == .attached(AppWorld.b))
    }
}
