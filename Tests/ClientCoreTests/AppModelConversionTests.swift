import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct AppModelConversionTests {
    static let json = """
        {"id":"9b2e4f6a-1c3d-4e5f-a6b7-c8d9e0f1a2b3","project_id":"p","ticket_id":"t","type":"ticket",
         "status":"running","source":"api","context_percent":0,"pane_id":"%96","pane_name":null,
         "pane_command":"node","pane_cwd":null,"started_at":null,"ended_at":null,
         "created_at":"2025-12-30T18:00:00.000Z","updated_at":"2025-12-30T18:00:00.000Z",
         "project":{"id":"p","name":"webapp"},"ticket":{"id":"t","external_id":"CSM-001","title":"Fix login"}}
        """

    @Test func sessionWithZeroContextIsUnknownUntilReported() throws {
        let session = try ClaudePMJSON.decoder().decode(Session.self, from: Data(Self.json.utf8))
        let row = AppSession(server: "local", session: session, receivedAt: AppWorld.t0)
        #expect(row.key == SessionKey(server: "local", sessionId: "9b2e4f6a-1c3d-4e5f-a6b7-c8d9e0f1a2b3"))
        #expect(row.contextPercent == nil)
        #expect(row.projectName == "webapp")
        #expect(row.ticketKey == "CSM-001")
        #expect(row.displayName == "Fix login")
        #expect(row.paneCommand == "node")
        #expect(row.status == .running)
        let known = AppSession(server: "local", session: session, contextKnown: true, receivedAt: AppWorld.t0)
        #expect(known.contextPercent == 0)
    }

    @Test func ticketStatesMapBothWays() {
        for column in BoardColumn.allCases { #expect(BoardColumn(column.ticketState) == column) }
        #expect(BoardColumn(TicketState(rawValue: "archived")) == .backlog)
    }

    @Test func waitingEventCarriesTheWireMessage() {
        let key = SessionKey(server: "s", sessionId: "x")
        let payload = SessionWaitingPayload(
            sessionId: "x", waiting: true, reason: .permissionPrompt, timestamp: AppWorld.t0)
        #expect(
            AppEvent.sessionWaiting(key, waiting: true, reason: .permissionPrompt, at: AppWorld.t0)
                == .message(server: "s", .sessionWaiting(payload), receivedAt: AppWorld.t0))
    }

    @Test func wireStatusesMapToAppStatuses() {
        #expect(AppSessionStatus(SessionStatus.running) == .running)
        #expect(AppSessionStatus(SessionStatus.error) == .error)
        #expect(AppSessionStatus(SessionStatus(rawValue: "archived")) == .paused)
    }
}
