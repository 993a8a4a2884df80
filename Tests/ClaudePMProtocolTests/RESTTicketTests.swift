// Golden tests for the ticket resources (§2.4).
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct RESTTicketTests {
    static func login(state: TicketState, updated: String, completed: String? = nil) -> Ticket {
        Ticket(
            id: ID.ticket, externalId: "CSM-001", title: "Fix login", state: state,
            filePath: "docs/jira-tickets/CSM-001-fix-login.md", prefix: "CSM",
            startedAt: at("2025-12-30T17:59:58.000Z"), completedAt: completed.map(at),
            createdAt: at("2025-12-20T08:00:00.000Z"), updatedAt: at(updated))
    }

    static let explore = Ticket(
        id: ID.adhocTicket, externalId: nil, title: "Explore caching", state: .backlog,
        filePath: "docs/jira-tickets/adhoc/explore-caching.md", prefix: "ADHOC", isAdhoc: true, isExplore: true,
        createdAt: at("2025-12-29T12:00:00.000Z"), updatedAt: at("2025-12-29T12:00:00.000Z"))

    @Test func ticketListHasAdhocNullExternalId() throws {
        let page = Paginated(
            data: [Self.login(state: .inProgress, updated: "2025-12-30T17:59:58.000Z"), Self.explore],
            pagination: Pagination(page: 1, limit: 100, total: 2, totalPages: 1))
        try Fixture.expectExact(page, "rest/ticket-list.json")
        let json = try JSONValue(encoding: Self.explore)
        #expect(json["external_id"] == .null)
        #expect(json["state"] == .string("backlog"))
    }

    @Test func emptyListHasZeroPages() throws {
        let page = Paginated<Ticket>(data: [], pagination: Pagination(page: 1, limit: 20, total: 0))
        try Fixture.expectExact(page, "rest/ticket-list-empty.json")
    }

    @Test func summaryDetailAndAdhoc() throws {
        let done = Self.login(state: .done, updated: "2025-12-31T10:00:00.000Z", completed: "2025-12-31T10:00:00.000Z")
        try Fixture.expectExact(done, "rest/ticket-summary.json")
        let detail = TicketDetail(
            ticket: Self.login(state: .review, updated: "2025-12-30T19:00:00.000Z"),
            content: "# Fix login\n\nUsers cannot log in with SSO.\n", projectId: ID.project)
        try Fixture.expectExact(detail, "rest/ticket-detail.json")
        try Fixture.expectExact(AdhocTicket(ticket: Self.explore, projectId: ID.project), "rest/adhoc-ticket.json")
        #expect(
            try JSONValue(encoding: AdhocTicket(ticket: Self.explore, projectId: ID.project))["rejection_feedback"]
                == .null)
    }

    @Test func prefixesAndContent() throws {
        try Fixture.expectExact(DataList(data: ["ADHOC", "CSM", "OPS"]), "rest/ticket-prefixes.json")
        let content = TicketContent(
            ticketId: ID.adhocTicket, filePath: "docs/jira-tickets/adhoc/explore-caching.md",
            content: "# Explore caching\n")
        try Fixture.expectExact(content, "rest/ticket-content.json")
    }

    @Test func historyOmitsEmptyFeedback() throws {
        let started = TicketHistoryEntry(
            id: "f0e1d2c3-b4a5-4968-8776-655443322110", ticketId: ID.ticket, fromState: .backlog,
            toState: .inProgress, trigger: .auto, reason: .sessionStarted, createdAt: at("2025-12-30T17:59:58.000Z"))
        let rejected = TicketHistoryEntry(
            id: "a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d", ticketId: ID.ticket, fromState: .review,
            toState: .inProgress, trigger: .manual, reason: .userRejected, createdAt: at("2025-12-30T20:00:00.000Z"),
            feedback: "Tests are missing.", triggeredBy: "ios")
        try Fixture.expectExact(DataList(data: [started, rejected]), "rest/ticket-history.json")
        let json = try JSONValue(encoding: started)
        #expect(json["feedback"] == nil && json["triggered_by"] == nil)
    }

    @Test func transitionStartAndSync() throws {
        let result = TransitionResult(
            ticketId: ID.ticket, fromState: .review, toState: .done, trigger: .manual, reason: .userApproved,
            timestamp: at("2025-12-31T10:00:00.000Z"), historyEntryId: "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e")
        try Fixture.expectExact(result, "rest/transition-result.json")
        let start = StartTicketResponse(
            ticket: Self.login(state: .inProgress, updated: "2025-12-30T17:59:58.000Z"),
            session: StartedSession(
                id: ID.session, projectId: ID.project, ticketId: ID.ticket, paneId: "%95",
                startedAt: at("2025-12-30T17:59:58.120Z"), createdAt: at("2025-12-30T17:59:58.100Z")))
        try Fixture.expectExact(start, "rest/start-ticket.json")
        let sync = SyncTicketsResponse(
            result: SyncTicketsResult(created: 2, updated: 5, deleted: 1, errors: ["CSM-009-bad.md: missing title"]))
        try Fixture.expectExact(sync, "rest/sync-tickets.json")
    }

    @Test func reviewHistoryMixesCasing() throws {
        let history = ReviewHistory(
            ticketId: ID.ticket,
            results: [
                ReviewHistoryEntry(
                    id: "c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f", sessionId: ID.session, trigger: .idleTimeout,
                    decision: .complete, reasoning: "All acceptance criteria are met.",
                    createdAt: at("2025-12-30T19:00:00.000Z"), sessionStatus: .running),
                ReviewHistoryEntry(
                    id: "d3e4f5a6-b7c8-4d9e-8f0a-2b3c4d5e6f7a", sessionId: ID.session, trigger: .manual,
                    decision: .needsClarification, reasoning: nil, createdAt: at("2025-12-30T18:30:00.000Z"),
                    sessionStatus: .completed),
            ])
        try Fixture.expectExact(history, "rest/review-history.json")
        let json = try JSONValue(encoding: history)
        #expect(json["ticketId"] != nil && json["ticket_id"] == nil)
        let review = ReviewResponse(
            decision: .notComplete, reasoning: "The SSO callback is still unhandled.",
            timestamp: at("2025-12-30T18:45:00.000Z"))
        try Fixture.expectExact(review, "rest/review.json")
    }

    @Test func imageUploadUsesCamelCaseRef() throws {
        let upload = ImageUploadResponse(
            filename: "paste-1767117600000.png", path: "docs/jira-tickets/images/paste-1767117600000.png",
            markdownRef: "![image](images/paste-1767117600000.png)")
        try Fixture.expectExact(upload, "rest/image-upload.json")
    }
}
