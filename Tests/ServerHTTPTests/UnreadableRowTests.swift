// One bad row never takes the server down or hides the rest. SQLite keeps what a column's type
// does not promise (a database edited by hand, or by another version): a REAL infinity in the
// INTEGER `context_percent` (which made every session list trap the whole server, at start-up
// too) and a `created_at` that is no date. The lists answer 200 with every other record, the bad
// ones are left out, a ticket sync does not add a second row for a file whose row it cannot read,
// and a restarted server adopts the rest.
import Foundation
import ServerCore
import TestSupport
import Testing

@testable import ServerHTTP

@Suite(.enabled(if: !TestStore.usesPostgres, "PostgreSQL's column types refuse these values"))
struct UnreadableRowTests {
    static func ids(_ json: AnyJSON?) -> [String] { json?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? [] }

    @Test func listsSkipUnreadableRowsAndARestartAdoptsTheRest() async throws {
        let capture = LogCapture()
        let first = try await TestServer.start(logger: capture.logger)
        let tickets = first.repo.appendingPathComponent("docs/jira-tickets")
        try FileManager.default.createDirectory(at: tickets, withIntermediateDirectories: true)
        for name in ["CSM-001-good", "CSM-002-bad"] {
            try Data("# \(name)\n".utf8).write(to: tickets.appendingPathComponent("\(name).md"))
        }
        let project = try await first.createProject()
        let infinite = try await first.startSession(project: project)
        let undated = try await first.startSession(project: project)
        let listed = try await first.request("GET", "/api/projects/\(project)/tickets")
        #expect(listed.json?["data"]?.arrayValue?.count == 2)
        let badTicket = try #require(
            listed.json?["data"]?.arrayValue?.first { $0["external_id"]?.stringValue == "CSM-002" }?["id"]?.stringValue)
        let good = "11111111-0000-4000-8000-000000000001"
        try await first.services.store.write { db in
            try db.execute("UPDATE sessions SET context_percent = 9e999 WHERE id = ?", [.text(infinite)])
            try db.execute("UPDATE sessions SET created_at = 'not a date' WHERE id = ?", [.text(undated)])
            try db.execute("UPDATE tickets SET created_at = 'not a date' WHERE external_id = 'CSM-002'", [])
            for (id, date) in [(good, "2026-11-24 10:00:00.000"), ("22222222-0000-4000-8000-000000000002", "soon")] {
                try db.execute(
                    "INSERT INTO notifications (id, type, message, read, created_at) VALUES (?, 'waiting_input', 'm', 0, ?)",
                    [.text(id), .text(date)])
            }
        }
        for _ in 0..<2 { try await Self.expectTheRest(first, project: project, session: infinite, notification: good) }
        let left = capture.lines.filter { $0.contains("a row that cannot be read was left out") }
        #expect(left.count == 3, "each once, though listed twice: \(left)")
        for (table, id) in [("sessions", undated), ("tickets", badTicket), ("notifications", "22222222")] {
            #expect(
                left.contains { $0.hasPrefix("warning") && $0.contains("table=\(table)") && $0.contains(id) },
                "\(table) \(id)")
        }
        await first.stop()
        let second = try await TestServer.start(root: first.root, socket: first.tmux.socketName)
        try await Self.expectTheRest(second, project: project, session: infinite, notification: good)
        #expect(await second.services.sessions.isLive(infinite), "adopted at start-up despite the bad row beside it")
        await second.cleanup()
    }

    static func expectTheRest(_ s: TestServer, project: String, session: String, notification: String) async throws {
        let sessions = try await s.request("GET", "/api/sessions")
        #expect(sessions.status == 200)
        #expect(Self.ids(sessions.json) == [session])
        #expect(sessions.json?[0]?["context_percent"]?.intValue == 0)
        let tickets = try await s.request("GET", "/api/projects/\(project)/tickets")
        #expect(tickets.status == 200)
        #expect(tickets.json?["data"]?.arrayValue?.compactMap { $0["external_id"]?.stringValue } == ["CSM-001"])
        let rows = try await s.services.store.read {
            try $0.rows("SELECT id FROM tickets WHERE external_id = 'CSM-002'", []).count
        }
        #expect(rows == 1, "the sync adds no second row for a file whose row it cannot read")
        let notifications = try await s.request("GET", "/api/notifications")
        #expect(notifications.status == 200)
        #expect(Self.ids(notifications.json?["data"]) == [notification])
    }
}
