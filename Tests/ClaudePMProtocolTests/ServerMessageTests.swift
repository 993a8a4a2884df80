// Golden tests: one fixture per server → client message type (§3.5), decoded and encoded.
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct ServerMessageTests {
    static let agent = Agent(
        id: "tmux:default:%42", worktree: "feature-sso", project: "shop", status: .waiting, title: "Implementing SSO",
        workdir: "/home/dev/shop__worktrees/feature-sso", statusTs: 1_767_117_600, updatedTs: 1_767_117_605)

    @Test func agents() throws {
        try Fixture.expectExact(.agentSnapshot(.init(agents: [Self.agent])), "ws/server/agent-snapshot.json")
        try Fixture.expectExact(.agentSnapshot(.init(agents: [])), "ws/server/agent-snapshot-empty.json")
        var done = Self.agent
        done.status = .done
        done.statusTs = 1_767_117_700
        done.updatedTs = 1_767_117_700
        try Fixture.expectExact(.agentUpdate(.init(agent: done)), "ws/server/agent-update.json")
        try Fixture.expectExact(.agentRemoved(.init(id: "tmux:default:%42")), "ws/server/agent-removed.json")
    }

    @Test func ticketStateOmitsEmptyOptionals() throws {
        let started = TicketStatePayload(
            ticketId: ID.ticket, previousState: .backlog, newState: .inProgress, trigger: .auto,
            reason: .sessionStarted, timestamp: at("2025-12-30T17:59:58.000Z"))
        try Fixture.expectExact(.ticketState(started), "ws/server/ticket-state.json")
        let rejected = TicketStatePayload(
            ticketId: ID.ticket, previousState: .review, newState: .inProgress, trigger: .manual,
            reason: .userRejected, timestamp: at("2025-12-30T20:00:00.000Z"), feedback: "Tests are missing.",
            triggeredBy: "ios")
        try Fixture.expectExact(.ticketState(rejected), "ws/server/ticket-state-rejected.json")
        let json = try JSONValue.parse(ServerMessage.ticketState(started).encoded())
        #expect(json["payload"]?["feedback"] == nil && json["payload"]?["triggeredBy"] == nil)
    }

    @Test func broadcasts() throws {
        let notification = NotificationPayload(
            id: ID.notification, title: "Input Required", body: "Fix login: permission_prompt",
            timestamp: at("2025-12-30T18:01:00.000Z"))
        try Fixture.expectExact(.notification(notification), "ws/server/notification.json")
        let generating = AIAnalysisStatusPayload(
            sessionId: ID.session, ticketId: ID.ticket, analysisType: .reviewReport, status: .generating,
            timestamp: at("2025-12-30T19:00:00.000Z"))
        try Fixture.expectExact(.aiAnalysisStatus(generating), "ws/server/ai-analysis-status.json")
        let failed = AIAnalysisStatusPayload(
            sessionId: ID.session, analysisType: .reviewReport, status: .failed,
            timestamp: at("2025-12-30T19:00:05.000Z"), error: "Reviewer timed out")
        try Fixture.expectExact(.aiAnalysisStatus(failed), "ws/server/ai-analysis-status-failed.json")
        let review = ReviewResultPayload(
            sessionId: ID.session, ticketId: ID.ticket, trigger: .idleTimeout, decision: .complete,
            reasoning: "All acceptance criteria are met.", timestamp: at("2025-12-30T19:00:04.000Z"))
        try Fixture.expectExact(.reviewResult(review), "ws/server/review-result.json")
    }

    @Test func sessionEvents() throws {
        let completed = SessionStatusPayload(
            sessionId: ID.session, previousStatus: .running, newStatus: .completed,
            timestamp: at("2025-12-30T21:00:00.000Z"))
        try Fixture.expectExact(.sessionStatus(completed), "ws/server/session-status.json")
        let failed = SessionStatusPayload(
            sessionId: ID.session, previousStatus: .running, newStatus: .error,
            timestamp: at("2025-12-30T21:00:00.000Z"), error: "Pane died")
        try Fixture.expectExact(.sessionStatus(failed), "ws/server/session-status-error.json")
        let waiting = SessionWaitingPayload(
            sessionId: ID.session, waiting: true, reason: .permissionPrompt, detectedBy: .outputPattern,
            timestamp: at("2025-12-30T18:01:00.000Z"))
        try Fixture.expectExact(.sessionWaiting(waiting), "ws/server/session-waiting.json")
        let cleared = SessionWaitingPayload(
            sessionId: ID.session, waiting: false, timestamp: at("2025-12-30T18:02:00.000Z"))
        try Fixture.expectExact(.sessionWaiting(cleared), "ws/server/session-waiting-minimal.json")
        let output = SessionOutputPayload(
            sessionId: ID.session, lines: ["\u{1B}[1mDo you want to proceed?\u{1B}[0m", "╭─ 1. Yes", ""], raw: true)
        try Fixture.expectExact(.sessionOutput(output), "ws/server/session-output.json")
        try Fixture.expectExact(
            .sessionContext(.init(sessionId: ID.session, contextPercent: 81)), "ws/server/session-context.json")
    }

    @Test func replies() throws {
        try Fixture.expectExact(
            .subscribed(.init(sessionId: ID.session, bufferLines: ["$ npm test", "ok"])), "ws/server/subscribed.json")
        try Fixture.expectExact(
            .subscribed(.init(sessionId: ID.session, bufferLines: [])), "ws/server/subscribed-empty.json")
        try Fixture.expectExact(.unsubscribed(.init(sessionId: ID.session)), "ws/server/unsubscribed.json")
        try Fixture.expectExact(.pong(.init(timestamp: at("2025-12-30T18:00:25.000Z"))), "ws/server/pong.json")
    }

    @Test func errors() throws {
        try Fixture.expectExact(.error(WSError.rateLimited), "ws/server/error-rate-limited.json")
        let issue = ValidationIssue(
            code: "too_big", path: ["payload", "cols"], message: "Number must be less than or equal to 500",
            attributes: [
                "maximum": .number(500), "type": .string("number"), "inclusive": .bool(true), "exact": .bool(false),
            ])
        try Fixture.expectExact(.error(WSError.invalidMessage(issues: [issue])), "ws/server/error-invalid-message.json")
        let attached = WSError.ptyAlreadyAttached(
            connection: "1a2b3c4d-0000-4000-8000-000000000001", session: ID.session)
        try Fixture.expectExact(.error(attached), "ws/server/error-pty-already-attached.json")
        let decoded = try ServerMessage.decode(Fixture.data("ws/server/error-invalid-message.json"))
        guard case .error(let payload) = decoded else {
            Issue.record("expected an error frame, got \(decoded)")
            return
        }
        #expect(payload.issues == [issue])
    }

    @Test func pty() throws {
        try Fixture.expectExact(
            .ptyAttached(.init(sessionId: ID.session, cols: 120, rows: 40)), "ws/server/pty-attached.json")
        try Fixture.expectExact(.ptyDetached(.init(sessionId: ID.session)), "ws/server/pty-detached.json")
        try Fixture.expectExact(
            .ptyOutput(.init(sessionId: ID.session, data: "\u{1B}[?1049h\u{1B}[H\u{1B}[2Jhello é\r\n")),
            "ws/server/pty-output.json")
        try Fixture.expectExact(.ptyExit(.init(sessionId: ID.session, exitCode: 0)), "ws/server/pty-exit.json")
    }

    @Test func typeStringsMatchTheDocument() throws {
        let expected = [
            "agent:snapshot", "agent:update", "agent:removed", "ticket:state", "notification", "ai:analysis_status",
            "review:result", "session:status", "session:waiting", "session:output", "session:context", "subscribed",
            "unsubscribed", "pong", "error", "pty:attached", "pty:detached", "pty:output", "pty:exit",
        ]
        var seen: Set<String> = []
        for name in try Fixture.all() where name.hasPrefix("ws/server/") {
            seen.insert(try ServerMessage.decode(Fixture.data(name)).type)
        }
        #expect(seen == Set(expected))
    }

    @Test func sessionIdAccessor() throws {
        #expect(try ServerMessage.decode(Fixture.data("ws/server/pty-output.json")).sessionId == ID.session)
        #expect(try ServerMessage.decode(Fixture.data("ws/server/session-waiting.json")).sessionId == ID.session)
        #expect(try ServerMessage.decode(Fixture.data("ws/server/notification.json")).sessionId == nil)
        #expect(try ServerMessage.decode(Fixture.data("ws/server/ticket-state.json")).sessionId == nil)
    }
}
