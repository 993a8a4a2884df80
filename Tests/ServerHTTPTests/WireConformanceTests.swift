// The server's REST bodies against the client's models: every response must decode with the
// ClaudePMProtocol type the client uses, re-encode with ClaudePMJSONEncoder to the very same
// bytes (key order, nulls, `toISOString()` dates), and have the key set of the documented
// fixture in Tests/ClaudePMProtocolTests/Fixtures/rest.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@testable import ServerHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Wire conformance")
struct WireConformanceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ClaudePMProtocolTests/Fixtures/rest")

    /// Raw body of a request.
    static func raw(_ s: TestServer, _ method: String, _ path: String, body: String? = nil) async throws -> Data {
        var req = URLRequest(url: try #require(URL(string: s.base + path)))
        req.httpMethod = method
        if let body {
            req.httpBody = Data(body.utf8)
            req.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return try await URLSession.shared.data(for: req).0
    }

    /// Decodes `data` as `T`, checks the byte-exact round trip and the fixture's key shape; returns the model.
    @discardableResult
    static func conform<T: Codable>(
        _ type: T.Type, _ data: Data, fixture: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let text = String(decoding: data, as: UTF8.self)
        let model = try ClaudePMJSON.decoder().decode(T.self, from: data)
        let again = String(decoding: try ClaudePMJSONEncoder().encode(model), as: UTF8.self)
        #expect(again == text, "\(fixture): re-encoded differs", sourceLocation: sourceLocation)
        let documented = try Data(contentsOf: fixtures.appendingPathComponent("\(fixture).json"))
        let mismatch = shapeMismatch(AnyJSON.parse(data), AnyJSON.parse(documented), path: fixture)
        #expect(mismatch == nil, "\(mismatch ?? "")", sourceLocation: sourceLocation)
        return model
    }

    /// The first place where the object keys differ (arrays compare their first elements).
    static func shapeMismatch(_ a: AnyJSON?, _ b: AnyJSON?, path: String) -> String? {
        switch (a, b) {
        case (.object(let x)?, .object(let y)?):
            guard Set(x.keys) == Set(y.keys) else {
                return "\(path): server \(x.keys.sorted()) vs documented \(y.keys.sorted())"
            }
            // Validation details name the fields of each request; only their presence is documented.
            for key in x.keys.sorted() where key != "details" {
                if let m = shapeMismatch(x[key], y[key], path: "\(path).\(key)") { return m }
            }
            return nil
        case (.array(let x)?, .array(let y)?):
            guard let first = x.first, let other = y.first else { return nil }
            return shapeMismatch(first, other, path: "\(path)[0]")
        default:
            return nil
        }
    }

    @Test func projectsSessionsAndHealth() async throws {
        try await TestServer.with { s in
            try Self.conform(Health.self, try await Self.raw(s, "GET", "/api/health"), fixture: "health")
            let body = #"{"name":"Wire","repo_path":"\#(s.repo.path)","tmux_session":"main","tmux_window":"2"}"#
            let project = try Self.conform(
                Project.self, try await Self.raw(s, "POST", "/api/projects", body: body), fixture: "project")
            try Self.conform(
                Paginated<Project>.self, try await Self.raw(s, "GET", "/api/projects"), fixture: "project-list")
            try Self.conform(
                ProjectDetail.self, try await Self.raw(s, "GET", "/api/projects/\(project.id)"),
                fixture: "project-detail-idle")
            let created = try Self.conform(
                Session.self, try await Self.raw(s, "POST", "/api/projects/\(project.id)/sessions", body: "{}"),
                fixture: "session-created")
            try Self.conform(
                Session.self, try await Self.raw(s, "GET", "/api/sessions/\(created.id)"), fixture: "session-get")
            try Self.conform([Session].self, try await Self.raw(s, "GET", "/api/sessions"), fixture: "session-list")
            #expect(
                try await eventually {
                    (try await s.request("GET", "/api/sessions/\(created.id)/output").json?["total_lines"]?.intValue
                        ?? 0) > 0
                })
            try Self.conform(
                OutputResponse.self, try await Self.raw(s, "GET", "/api/sessions/\(created.id)/output"),
                fixture: "output")
            try Self.conform(
                SessionSyncResponse.self, try await Self.raw(s, "POST", "/api/sessions/sync"), fixture: "session-sync")
            _ = try await s.tmux.newPane(session: "main", cwd: s.repo.path, command: ["/bin/sh"], environment: [:])
            try Self.conform(
                SessionDiscoverResponse.self, try await Self.raw(s, "POST", "/api/sessions/discover"),
                fixture: "session-discover")
            try Self.conform(
                FocusResponse.self, try await Self.raw(s, "POST", "/api/sessions/\(created.id)/focus"), fixture: "focus"
            )
            try Self.conform(
                MessageResponse.self,
                try await Self.raw(s, "POST", "/api/sessions/\(created.id)/stop", body: #"{"force":true}"#),
                fixture: "message")
            try Self.conform(
                ErrorBody.self, try await Self.raw(s, "GET", "/api/sessions/\(UUID().uuidString)"),
                fixture: "error-session-not-found")
            try Self.conform(
                ErrorBody.self, try await Self.raw(s, "GET", "/api/sessions/x"), fixture: "error-validation")
            try Self.conform(ErrorBody.self, try await Self.raw(s, "GET", "/api/nowhere"), fixture: "error-not-found")
        }
    }

    @Test func ticketsNotificationsAndHooks() async throws {
        try await TestServer.with { s in
            try TicketTests.writeTickets(s)
            let project = try await s.createProject()
            try Self.conform(
                HookResponse.self,
                try await Self.raw(s, "POST", "/api/hooks/claude", body: #"{"event":"Stop","cwd":"/x"}"#),
                fixture: "hook-response-warning")
            try Self.conform(
                SyncTicketsResponse.self, try await Self.raw(s, "POST", "/api/projects/\(project)/sync-tickets"),
                fixture: "sync-tickets")
            let list = try Self.conform(
                Paginated<Ticket>.self, try await Self.raw(s, "GET", "/api/projects/\(project)/tickets"),
                fixture: "ticket-list")
            let id = try #require(list.data.first?.id)
            try Self.conform(
                DataList<String>.self, try await Self.raw(s, "GET", "/api/projects/\(project)/tickets/prefixes"),
                fixture: "ticket-prefixes")
            try Self.conform(
                TicketDetail.self, try await Self.raw(s, "GET", "/api/tickets/\(id)"), fixture: "ticket-detail")
            try Self.conform(
                TicketContent.self, try await Self.raw(s, "GET", "/api/tickets/\(id)/content"),
                fixture: "ticket-content")
            let started = try Self.conform(
                StartTicketResponse.self, try await Self.raw(s, "POST", "/api/tickets/\(id)/start"),
                fixture: "start-ticket")
            try Self.conform(
                Ticket.self, try await Self.raw(s, "PATCH", "/api/tickets/\(id)", body: #"{"state":"review"}"#),
                fixture: "ticket-summary")
            try Self.conform(
                TransitionResult.self,
                try await Self.raw(s, "POST", "/api/tickets/\(id)/reject", body: #"{"feedback":"again"}"#),
                fixture: "transition-result")
            try Self.conform(
                DataList<TicketHistoryEntry>.self, try await Self.raw(s, "GET", "/api/tickets/\(id)/history"),
                fixture: "ticket-history")
            try Self.conform(
                ReviewHistory.self, try await Self.raw(s, "GET", "/api/tickets/\(id)/review-history"),
                fixture: "review-history")
            let adhocBody = #"{"title":"Wire check","slug":"wire-check"}"#
            let adhoc = try Self.conform(
                AdhocTicket.self,
                try await Self.raw(s, "POST", "/api/projects/\(project)/adhoc-tickets", body: adhocBody),
                fixture: "adhoc-ticket")
            try Self.conform(
                AdhocTicket.self,
                try await Self.raw(
                    s, "PATCH", "/api/tickets/\(adhoc.ticket.id)/title", body: #"{"title":"Wire again"}"#),
                fixture: "adhoc-ticket")
            let hook = #"{"hook_event_name":"Notification","notification_type":"idle_prompt","cwd":"\#(s.repo.path)"}"#
            try Self.conform(
                HookResponse.self, try await Self.raw(s, "POST", "/api/hooks/claude", body: hook),
                fixture: "hook-response")
            try Self.conform(
                HooksHealth.self, try await Self.raw(s, "GET", "/api/hooks/health"), fixture: "hooks-health")
            _ = try await s.services.notifications.upsert(
                type: "waiting_input", message: "Wire: idle_prompt", sessionId: started.session.id, ticketId: id)
            let notes = try Self.conform(
                NotificationList.self, try await Self.raw(s, "GET", "/api/notifications"), fixture: "notification-list")
            try Self.conform(
                CountResponse.self, try await Self.raw(s, "GET", "/api/notifications/count"),
                fixture: "notification-count")
            let note = try #require(notes.data.first?.id)
            try Self.conform(
                SuccessResponse.self, try await Self.raw(s, "DELETE", "/api/notifications/\(note)"), fixture: "success")
            try Self.conform(
                DismissAllResponse.self, try await Self.raw(s, "DELETE", "/api/notifications"), fixture: "dismiss-all")
        }
    }
}
