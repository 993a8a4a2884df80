// Golden tests for the session resources (§2.2).
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct RESTSessionTests {
    static let shopRef = SessionProjectRef(id: ID.project, name: "shop")

    @Test func sessionListIsABareArrayWithRefsAndQuirks() throws {
        let ticketSession = Session(
            id: ID.session, projectId: ID.project, ticketId: ID.ticket, type: .ticket, status: .running,
            source: .api, contextPercent: 0, paneId: "%95", paneCommand: "node", paneCwd: "/home/dev/shop",
            startedAt: at("2025-12-30T17:59:58.120Z"), createdAt: at("2025-12-30T17:59:58.100Z"),
            updatedAt: at("2025-12-30T18:00:01.004Z"), project: Self.shopRef,
            ticket: SessionTicketRef(id: ID.ticket, externalId: "CSM-001", title: "Fix login"))
        let hookSession = Session(
            id: ID.hookSession, projectId: ID.project, type: .adhoc, status: .completed, source: .discovered,
            paneId: "claude-code", paneName: "hook session", endedAt: at("2025-12-30T19:00:00.000Z"),
            createdAt: at("2025-12-30T16:00:00.000Z"), updatedAt: at("2025-12-30T19:00:00.000Z"),
            project: Self.shopRef)
        try Fixture.expectExact([ticketSession, hookSession], "rest/session-list.json")
    }

    @Test func sessionGetKeepsNullProjectAndNullExternalId() throws {
        let session = Session(
            id: ID.pausedSession, projectId: ID.project, ticketId: ID.adhocTicket, type: .ticket, status: .paused,
            source: .api, contextPercent: 42, paneId: "%12", paneName: "explore",
            startedAt: at("2025-12-30T10:00:00.000Z"), createdAt: at("2025-12-30T10:00:00.000Z"),
            updatedAt: at("2025-12-30T10:05:00.500Z"), project: nil,
            ticket: SessionTicketRef(id: ID.adhocTicket, externalId: nil, title: "Explore caching"))
        try Fixture.expectExact(session, "rest/session-get.json")
        let json = try JSONValue(encoding: session)
        #expect(json["project"] == .null)
        #expect(json["ticket"]?["external_id"] == .null)
    }

    @Test func createdSessionHasNoRefKeys() throws {
        let session = Session(
            id: ID.session, projectId: ID.project, type: .adhoc, status: .running, source: .api, paneId: "%96",
            startedAt: at("2025-12-30T18:00:00.000Z"), createdAt: at("2025-12-30T18:00:00.000Z"),
            updatedAt: at("2025-12-30T18:00:00.000Z"), includesRefs: false)
        try Fixture.expectExact(session, "rest/session-created.json")
        let decoded = try Fixture.decode(Session.self, "rest/session-created.json")
        #expect(!decoded.includesRefs)
        let json = try JSONValue(encoding: decoded)
        #expect(json["project"] == nil && json["ticket"] == nil)
        #expect(json["ticket_id"] == .null)
    }

    @Test func withoutRefsDropsTheKeys() throws {
        let listed = try Fixture.decode([Session].self, "rest/session-list.json")
        let first = try #require(listed.first)
        #expect(first.includesRefs)
        let created = try JSONValue(encoding: first.withoutRefs())
        #expect(created["project"] == nil && created["ticket"] == nil)
        #expect(created["id"] == .string(ID.session))
    }

    @Test func outputFocusAndSync() throws {
        try Fixture.expectExact(
            OutputResponse(sessionId: ID.session, lines: ["\u{1B}[32m$\u{1B}[0m npm test", "ok", ""]),
            "rest/output.json")
        try Fixture.expectExact(FocusResponse(sessionId: ID.session, paneId: "%95"), "rest/focus.json")
        let sync = SessionSyncResponse(
            message: "Synced 3 sessions",
            orphanedSessions: [.init(sessionId: ID.hookSession, paneId: "%7")],
            aliveSessions: [
                .init(sessionId: ID.session, paneId: "%95", paneTitle: "claude"),
                .init(sessionId: ID.pausedSession, paneId: "%12", paneTitle: nil),
            ],
            totalChecked: 3)
        try Fixture.expectExact(sync, "rest/session-sync.json")
    }

    @Test func healthAndMessages() throws {
        let health = Health(
            status: "healthy", uptime: 3600, version: "0.1.0", database: "connected", tmux: "available",
            timestamp: at("2025-12-30T18:00:00.000Z"))
        try Fixture.expectExact(health, "rest/health.json")
        try Fixture.expectExact(MessageResponse(message: "Session stopped successfully"), "rest/message.json")
    }

    @Test func discover() throws {
        let response = SessionDiscoverResponse(
            message: "Discovered 1 new panes",
            discoveredSessions: [
                DiscoveredSession(
                    sessionId: ID.pausedSession, projectId: ID.project, projectName: "shop", paneId: "%12",
                    paneTitle: "claude", command: "node", cwd: "/home/dev/shop")
            ],
            existingPanes: [ExistingPane(paneId: "%95", sessionId: ID.session, command: "node", cwd: nil)],
            totalPanesScanned: 4, projectsChecked: 1)
        try Fixture.expectExact(response, "rest/session-discover.json")
    }
}
