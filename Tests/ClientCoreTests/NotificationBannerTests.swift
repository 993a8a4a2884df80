import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@Suite struct BannerTests {
    func waiting(_ session: String, _ seconds: TimeInterval = 0) -> ServerMessage {
        .sessionWaiting(
            .init(
                sessionId: session, waiting: true, reason: .permissionPrompt,
                timestamp: epoch.addingTimeInterval(seconds)))
    }

    @Test func bannerLastsFiveSecondsThenIsRead() {
        var h = NotificationHarness()
        h.receive(.notification(.init(id: "n1", title: "Context Low", body: "10% left", timestamp: epoch)))
        #expect(h.manager.banner?.notification.title == "Context Low")
        h.advance(by: .milliseconds(4_900))
        #expect(h.manager.banner != nil)
        h.advance(by: .milliseconds(200))
        #expect(h.manager.banner == nil)
        #expect(h.log.last == .hideBanner)
        #expect(h.manager.unreadCount == 0)
    }

    @Test func waitingPromptBannerStaysUntilAnsweredOrDismissed() {
        var h = NotificationHarness()
        h.receive(waiting(sessionA))
        #expect(h.manager.banner?.isSticky == true)
        #expect(h.manager.nextTick == nil, "no expiry timer for a prompt waiting for its user")
        h.advance(by: .seconds(60))
        #expect(h.manager.banner?.notification.sessionId == sessionA, "still there a minute later")
        h.receive(.sessionWaiting(.init(sessionId: sessionA, waiting: false, reason: nil, timestamp: epoch)))
        #expect(h.manager.banner == nil, "answered elsewhere: the banner goes")
        h.receive(waiting(sessionB))
        _ = h.manager.dismissBanner(now: h.clock.now)
        #expect(h.manager.banner == nil, "dismissed")
    }

    @Test func focusedSessionRaisesNoBanner() {
        var h = NotificationHarness()
        _ = h.manager.focus(SessionKey(server: "work", sessionId: sessionA), now: h.clock.now)
        h.receive(waiting(sessionA))
        #expect(h.manager.banner == nil)
        #expect(h.bannersShown.isEmpty)
        h.receive(waiting(sessionB))
        #expect(h.manager.banner?.notification.sessionId == sessionB)
        // Looking at B removes its banner.
        let actions = h.manager.focus(SessionKey(server: "work", sessionId: sessionB), now: h.clock.now)
        #expect(actions.contains(.hideBanner))
    }

    @Test func burstIsRateLimitedAndCoalesced() {
        var h = NotificationHarness()
        let sessions = (0..<6).map { String(format: "%08d-0000-4000-8000-000000000000", $0) }
        for (index, session) in sessions.enumerated() {
            h.receive(waiting(session, TimeInterval(index)))
            h.clock.advance(by: .milliseconds(50))
        }
        let distinct = h.bannersShown.map(\.notification.key)
        #expect(Set(distinct).count == 1, "only one banner notification within the first second")
        #expect(h.manager.banner?.moreCount == 5)
        h.advance(by: .seconds(1))
        #expect(h.manager.banner?.notification.sessionId == sessions[5], "the newest takes over after a second")
        #expect(h.manager.banner?.moreCount == 4)
        // New banners never appear faster than one per second.
        var times: [MonotonicTime] = []
        var lastKey: ClientNotification.Key?
        for case .showBanner(let banner) in h.log where banner.notification.key != lastKey {
            times.append(banner.shownAt)
            lastKey = banner.notification.key
        }
        for pair in zip(times, times.dropFirst()) { #expect(pair.1 - pair.0 >= .seconds(1)) }
    }

    @Test func urgentWinsTheBannerOverNewerHigh() {
        var h = NotificationHarness()
        h.receive(waiting(sessionA))
        h.receive(.error(.init(code: .internalError, message: "boom")))
        h.receive(waiting(sessionB, 5))
        h.advance(by: .seconds(1))
        #expect(h.manager.banner?.notification.priority == .urgent)
    }

    @Test func stoppingWaitingResolvesTheBanner() {
        var h = NotificationHarness()
        h.receive(waiting(sessionA))
        #expect(h.manager.waiting[SessionKey(server: "work", sessionId: sessionA)]?.reason == .permissionPrompt)
        h.receive(.sessionWaiting(.init(sessionId: sessionA, waiting: false, reason: .stopped, timestamp: epoch)))
        #expect(h.manager.banner == nil)
        #expect(h.manager.unreadCount == 0)
        #expect(h.manager.waiting.isEmpty)
    }

    @Test func bannersCanBeTurnedOff() {
        var h = NotificationHarness()
        h.manager.configuration.bannersEnabled = false
        h.receive(waiting(sessionA))
        #expect(h.bannersShown.isEmpty)
        #expect(h.manager.unreadCount == 1)
    }

    @Test func dismissMarksRead() {
        var h = NotificationHarness()
        h.receive(waiting(sessionA))
        h.record(h.manager.dismissBanner(now: h.clock.now))
        #expect(h.manager.banner == nil)
        #expect(h.manager.unreadCount == 0)
    }
}
