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
