import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

/// Drives a NotificationManager with a fake clock, running its tick requests.
struct NotificationHarness {
    var manager = NotificationManager()
    var clock = FakeClock()
    var tickAt: MonotonicTime?
    var log: [NotificationAction] = []
    let server = "work"
    let date = Date(timeIntervalSince1970: 1_800_000_000)

    @discardableResult
    mutating func receive(_ message: ServerMessage) -> [NotificationAction] {
        record(manager.handle(message, server: server, receivedAt: date, now: clock.now))
    }

    @discardableResult
    mutating func record(_ actions: [NotificationAction]) -> [NotificationAction] {
        for case .scheduleTick(let time) in actions { tickAt = time }
        log += actions
        return actions
    }

    mutating func advance(by duration: Duration) {
        let end = clock.now + duration
        while let due = tickAt, due <= end {
            tickAt = nil
            clock.advance(to: due)
            record(manager.tick(now: clock.now))
        }
        clock.advance(to: end)
    }

    var bannersShown: [Banner] {
        log.compactMap { if case .showBanner(let banner) = $0 { banner } else { nil } }
    }

    func key(_ id: String) -> ClientNotification.Key { .init(server: server, id: id) }
}

let sessionA = "11111111-1111-4111-8111-111111111111"
let sessionB = "22222222-2222-4222-8222-222222222222"
let ticketT = "33333333-3333-4333-8333-333333333333"
let epoch = Date(timeIntervalSince1970: 1_800_000_000)

@Suite struct NotificationMappingTests {
    static let cases: [(String, ServerMessage, String?, NotificationPriority?)] = [
        (
            "waiting",
            .sessionWaiting(.init(sessionId: sessionA, waiting: true, reason: .permissionPrompt, timestamp: epoch)),
            "Input Required", .high
        ),
        (
            "status error",
            .sessionStatus(.init(sessionId: sessionA, previousStatus: .running, newStatus: .error, timestamp: epoch)),
            "Session Status", .high
        ),
        (
            "status completed",
            .sessionStatus(
                .init(sessionId: sessionA, previousStatus: .running, newStatus: .completed, timestamp: epoch)),
            "Session Status", .low
        ),
        (
            "status running",
            .sessionStatus(.init(sessionId: sessionA, previousStatus: .running, newStatus: .running, timestamp: epoch)),
            nil, nil
        ),
        (
            "review complete",
            .reviewResult(
                .init(
                    sessionId: sessionA, ticketId: ticketT, trigger: .idleTimeout, decision: .complete, reasoning: "ok",
                    timestamp: epoch)), "Review: Complete", .normal
        ),
        (
            "review not complete",
            .reviewResult(
                .init(
                    sessionId: sessionA, ticketId: ticketT, trigger: .idleTimeout, decision: .notComplete,
                    reasoning: "no", timestamp: epoch)), "Review: Not Complete", .high
        ),
        (
            "review clarification",
            .reviewResult(
                .init(
                    sessionId: sessionA, ticketId: ticketT, trigger: .manual, decision: .needsClarification,
                    reasoning: "?", timestamp: epoch)), "Review: Needs Clarification", .urgent
        ),
        (
            "review other",
            .reviewResult(
                .init(
                    sessionId: sessionA, ticketId: ticketT, trigger: .manual, decision: .other("odd"), reasoning: "?",
                    timestamp: epoch)), "Review: odd", .normal
        ),
        (
            "analysis generating",
            .aiAnalysisStatus(
                .init(sessionId: sessionA, analysisType: .reviewReport, status: .generating, timestamp: epoch)),
            "Generating Review Report", .low
        ),
        (
            "analysis completed",
            .aiAnalysisStatus(
                .init(sessionId: sessionA, analysisType: .reviewReport, status: .completed, timestamp: epoch)),
            "Review Report Ready", .normal
        ),
        (
            "analysis failed",
            .aiAnalysisStatus(
                .init(
                    sessionId: sessionA, analysisType: .reviewReport, status: .failed, timestamp: epoch, error: "boom")),
            "Review Report Failed", .high
        ),
        (
            "analysis other",
            .aiAnalysisStatus(
                .init(sessionId: sessionA, analysisType: .reviewReport, status: .other("queued"), timestamp: epoch)),
            "Analysis Update", .normal
        ),
        (
            "ticket",
            .ticketState(
                .init(
                    ticketId: ticketT, previousState: .inProgress, newState: .review, trigger: .auto,
                    reason: .completionDetected, timestamp: epoch)), "Ticket Update", .normal
        ),
        (
            "error", .error(.init(code: .rateLimited, message: "Too many messages, please slow down")),
            "Error: RATE_LIMITED", .urgent
        ),
        (
            "server notification",
            .notification(.init(id: "n1", title: "Ready for Review", body: "Ticket X is ready", timestamp: epoch)),
            "Ready for Review", .normal
        ),
        (
            "server notification unknown",
            .notification(.init(id: "n2", title: "Something", body: "b", timestamp: epoch)), "Something", .high
        ),
        ("pong", .pong(.init(timestamp: epoch)), nil, nil),
        ("output", .sessionOutput(.init(sessionId: sessionA, lines: ["x"], raw: true)), nil, nil),
        ("pty exit", .ptyExit(.init(sessionId: sessionA, exitCode: 0)), nil, nil),
        ("subscribed", .subscribed(.init(sessionId: sessionA, bufferLines: [])), nil, nil),
    ]

    @Test(arguments: cases)
    func messageBecomesNotification(
        name: String, message: ServerMessage, title: String?, priority: NotificationPriority?
    ) {
        var h = NotificationHarness()
        h.receive(message)
        if let title, let priority {
            #expect(h.manager.items.count == 1, "\(name)")
            #expect(h.manager.items.first?.title == title, "\(name)")
            #expect(h.manager.items.first?.priority == priority, "\(name)")
            #expect(h.manager.unreadCount == 1)
            #expect(!h.bannersShown.isEmpty == priority.raisesBanner, "\(name): banner iff high or urgent")
        } else {
            #expect(h.manager.items.isEmpty, "\(name)")
        }
    }

    @Test func serverNotificationAsksForARefetchAndKeepsIds() {
        var h = NotificationHarness()
        let actions = h.receive(
            .notification(.init(id: "n1", title: "Input Required", body: "Fix: question", timestamp: epoch)))
        #expect(actions.contains(.refetchNotifications(server: "work")))
        #expect(h.manager.items.first?.key == h.key("n1"))
        #expect(h.manager.items.first?.type == .waitingInput)
        #expect(h.manager.items.first?.isOnServer == true)
    }

    @Test func reviewKeepsSessionAndTicket() {
        var h = NotificationHarness()
        h.receive(
            .reviewResult(
                .init(
                    sessionId: sessionA, ticketId: ticketT, trigger: .manual, decision: .complete, reasoning: "r",
                    timestamp: epoch)))
        #expect(h.manager.items.first?.sessionId == sessionA)
        #expect(h.manager.items.first?.ticketId == ticketT)
    }

    @Test func repeatedErrorsUpdateOneEntry() {
        var h = NotificationHarness()
        for _ in 0..<30 { h.receive(.error(.init(code: .rateLimited, message: "Too many messages"))) }
        #expect(h.manager.items.count == 1)
    }
}

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

@Suite struct BannerTests {
    func waiting(_ session: String, _ seconds: TimeInterval = 0) -> ServerMessage {
        .sessionWaiting(
            .init(
                sessionId: session, waiting: true, reason: .permissionPrompt,
                timestamp: epoch.addingTimeInterval(seconds)))
    }

    @Test func bannerLastsFiveSecondsThenIsRead() {
        var h = NotificationHarness()
        h.receive(waiting(sessionA))
        #expect(h.manager.banner?.notification.sessionId == sessionA)
        h.advance(by: .milliseconds(4_900))
        #expect(h.manager.banner != nil)
        h.advance(by: .milliseconds(200))
        #expect(h.manager.banner == nil)
        #expect(h.log.last == .hideBanner)
        #expect(h.manager.unreadCount == 0)
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
