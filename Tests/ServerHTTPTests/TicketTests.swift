// Tickets synced from markdown files: list, filters, prefixes, detail, transitions, history, adhoc.
import Foundation
import Testing

@testable import ServerHTTP

@Suite("Tickets")
struct TicketTests {
    static func writeTickets(_ s: TestServer) throws {
        let dir = s.repo.appendingPathComponent("docs/jira-tickets")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let files = [
            ("CSM-002-login.md", "# Fix login\n\nbody"), ("CSM-001-signup.md", "# Signup flow\n"),
            ("WEB-010-theme.md", "no heading here"), ("notes.md", "# not a ticket"),
        ]
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    @Test func listFiltersAndDetail() async throws {
        try await TestServer.with { s in
            try Self.writeTickets(s)
            let project = try await s.createProject()
            let list = try await s.request("GET", "/api/projects/\(project)/tickets")
            let items = try #require(list.json?["data"]?.arrayValue)
            #expect(items.map { $0["external_id"]?.stringValue } == ["CSM-001", "CSM-002", "WEB-010"])
            #expect(items[2]["title"]?.stringValue == "WEB-010-theme")
            #expect(items[0]["prefix"]?.stringValue == "CSM")
            let web = try await s.request("GET", "/api/projects/\(project)/tickets?prefixes=WEB&orderDir=desc")
            #expect(web.json?["data"]?.arrayValue?.count == 1)
            let paged = try await s.request("GET", "/api/projects/\(project)/tickets?limit=2&page=2")
            #expect(paged.json?["pagination"]?["total_pages"]?.intValue == 2)
            #expect(paged.json?["data"]?.arrayValue?.count == 1)
            #expect(try await s.request("GET", "/api/projects/\(project)/tickets?prefixes=A&prefixes=B").status == 400)
            #expect(try await s.request("GET", "/api/projects/\(project)/tickets?orderBy=nope").status == 400)
            let prefixes = try await s.request("GET", "/api/projects/\(project)/tickets/prefixes")
            #expect(prefixes.json?["data"] == .array([.string("CSM"), .string("WEB")]))
            let id = try #require(items[1]["id"]?.stringValue)
            let detail = try await s.request("GET", "/api/tickets/\(id)")
            #expect(detail.json?["content"]?.stringValue == "# Fix login\n\nbody")
            #expect(detail.json?["project_id"]?.stringValue == project)
        }
    }

    @Test func transitionsAndHistory() async throws {
        try await TestServer.with { s in
            try Self.writeTickets(s)
            let project = try await s.createProject()
            let list = try await s.request("GET", "/api/projects/\(project)/tickets")
            let id = try #require(list.json?["data"]?[0]?["id"]?.stringValue)
            let badApprove = try await s.request("POST", "/api/tickets/\(id)/approve")
            #expect(
                badApprove.json?["error"]?.stringValue == "Invalid transition: cannot move from 'backlog' to 'done'")
            let patched = try await s.request("PATCH", "/api/tickets/\(id)", body: #"{"state":"review"}"#)
            #expect(patched.json?["state"]?.stringValue == "review")
            let emptyFeedback = try await s.request("POST", "/api/tickets/\(id)/reject", body: #"{"feedback":""}"#)
            #expect(emptyFeedback.json?["details"]?["feedback"]?[0]?.stringValue == "Feedback is required")
            let rejected = try await s.request("POST", "/api/tickets/\(id)/reject", body: #"{"feedback":"more tests"}"#)
            #expect(rejected.json?["to_state"]?.stringValue == "in_progress")
            #expect(rejected.json?["reason"]?.stringValue == "user_rejected")
            _ = try await s.request("PATCH", "/api/tickets/\(id)", body: #"{"state":"review"}"#)
            let approved = try await s.request("POST", "/api/tickets/\(id)/approve")
            #expect(approved.json?["to_state"]?.stringValue == "done")
            let history = try await s.request("GET", "/api/tickets/\(id)/history")
            let rows = try #require(history.json?["data"]?.arrayValue)
            #expect(rows.map { $0["to_state"]?.stringValue } == ["review", "in_progress", "review", "done"])
            #expect(rows[1]["feedback"]?.stringValue == "more tests")
            #expect(rows[0]["feedback"] == nil)
            let done = try await s.request("GET", "/api/tickets/\(id)")
            #expect(done.json?["completed_at"] != .null)
        }
    }

    @Test func startTicketAndConflict() async throws {
        try await TestServer.with { s in
            try Self.writeTickets(s)
            let project = try await s.createProject()
            let list = try await s.request("GET", "/api/projects/\(project)/tickets")
            let id = try #require(list.json?["data"]?[0]?["id"]?.stringValue)
            let started = try await s.request("POST", "/api/tickets/\(id)/start")
            #expect(started.status == 200)
            #expect(started.json?["ticket"]?["state"]?.stringValue == "in_progress")
            #expect(started.json?["session"]?["type"]?.stringValue == "ticket")
            let sessionId = try #require(started.json?["session"]?["id"]?.stringValue)
            let again = try await s.request("POST", "/api/tickets/\(id)/start")
            #expect(again.status == 409)
            #expect(again.json?["error"]?.stringValue == "Ticket already has a running session: \(sessionId)")
            let session = try await s.request("GET", "/api/sessions/\(sessionId)")
            #expect(session.json?["ticket"]?["external_id"]?.stringValue == "CSM-001")
        }
    }

    @Test func adhocAndPathConfinement() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let created = try await s.request(
                "POST", "/api/projects/\(project)/adhoc-tickets",
                body: #"{"title":"Quick fix","slug":"quick-fix","isExplore":true}"#)
            #expect(created.status == 201)
            #expect(created.json?["external_id"] == .null)
            #expect(created.json?["prefix"]?.stringValue == "ADHOC")
            #expect(created.json?["is_explore"]?.boolValue == true)
            #expect(
                FileManager.default.fileExists(
                    atPath: s.repo.appendingPathComponent("docs/jira-tickets/adhoc/quick-fix.md").path))
            let adhocId = try #require(created.json?["id"]?.stringValue)
            let put = try await s.request(
                "PUT", "/api/tickets/\(adhocId)/content", body: ##"{"content":"# Renamed\n"}"##)
            #expect(put.json?["content"]?.stringValue == "# Renamed\n")
            let synced = try await s.request("POST", "/api/tickets/\(adhocId)/sync")
            #expect(synced.json?["title"]?.stringValue == "Renamed")
            #expect(
                try await s.request("GET", "/api/tickets/\(adhocId)/content").json?["content"]?.stringValue
                    == "# Renamed\n")
            let dup = try await s.request(
                "POST", "/api/projects/\(project)/adhoc-tickets", body: #"{"title":"Quick fix","slug":"quick-fix"}"#)
            #expect(dup.status == 409)
            let evil = try await s.request(
                "POST", "/api/projects/\(project)/adhoc-tickets", body: #"{"title":"Evil","slug":"../../x"}"#)
            #expect(evil.status == 400)
            #expect(
                try await s.request("DELETE", "/api/tickets/\(adhocId)").json?["message"]?.stringValue
                    == "Ticket deleted successfully")
            #expect(try await s.request("GET", "/api/tickets/\(adhocId)").status == 404)
            #expect(
                !FileManager.default.fileExists(
                    atPath: s.repo.appendingPathComponent("docs/jira-tickets/adhoc/quick-fix.md").path))
            // A symlinked tickets folder pointing outside the repository is not followed.
            let outside = s.root.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try "# Secret".write(to: outside.appendingPathComponent("SEC-001-x.md"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                at: s.repo.appendingPathComponent("linked"), withDestinationURL: outside)
            _ = try await s.request("PATCH", "/api/projects/\(project)", body: #"{"tickets_path":"linked"}"#)
            let list = try await s.request("GET", "/api/projects/\(project)/tickets")
            #expect(list.json?["data"]?.arrayValue?.contains { $0["external_id"]?.stringValue == "SEC-001" } == false)
        }
    }
}
