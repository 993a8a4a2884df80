// Two servers on two hosts sharing one PostgreSQL database (issue 16): a ticket approved through
// server A reaches a WebSocket client of server B at once (LISTEN/NOTIFY) and B's REST reads see
// it; each server owns its own host's sessions (B neither lists nor touches A's, nor adopts its
// own tmux panes into A's project); notifications are shared. Skipped, with the reason, where
// PostgreSQL is not installed.
import Foundation
import ServerCore
import TestSupport
import Testing

@Suite(
    "Two servers, one PostgreSQL database",
    .enabled(if: PostgresTestCluster.isAvailable, "PostgreSQL is not installed (Scripts/bootstrap installs it)"))
struct SharedDatabaseTests {
    /// Runs `body` with servers `alpha` and `beta` on one fresh database, each with its own tmux.
    static func withPair(_ body: (TestServer, TestServer) async throws -> Void) async throws {
        let url = try PostgresTestCluster.createDatabase(prefix: "pair")
        defer { PostgresTestCluster.dropDatabase(url) }
        let a = try await TestServer.start(database: url, hostName: "alpha")
        let b: TestServer
        do { b = try await TestServer.start(database: url, hostName: "beta") } catch {
            await a.cleanup()
            throw error
        }
        do { try await body(a, b) } catch {
            await a.cleanup()
            await b.cleanup()
            throw error
        }
        await a.cleanup()
        await b.cleanup()
    }

    @Test func aTicketApprovedThroughAReachesAClientOfBLive() async throws {
        try await Self.withPair { a, b in
            try TicketTests.writeTickets(a)
            let project = try await a.createProject()
            let list = try await a.request("GET", "/api/projects/\(project)/tickets")
            let ticket = try #require(list.json?["data"]?[0]?["id"]?.stringValue)
            #expect(try await a.request("PATCH", "/api/tickets/\(ticket)", body: #"{"state":"review"}"#).status == 200)
            try await withWS(b.wsURL) { ws in
                _ = try await ws.inbox.next("agent:snapshot")
                #expect(try await a.request("POST", "/api/tickets/\(ticket)/approve").status == 200)
                // The relay may still deliver the earlier move to review; the approval follows it.
                var event = try await ws.inbox.next("ticket:state", within: 30)
                if event["payload"]?["newState"]?.stringValue == "review" {
                    event = try await ws.inbox.next("ticket:state", within: 30)
                }
                #expect(event["payload"]?["ticketId"]?.stringValue == ticket)
                #expect(event["payload"]?["newState"]?.stringValue == "done")
            }
            // B reads the shared row; the project is A's, and B lists it too.
            #expect(try await b.request("GET", "/api/tickets/\(ticket)").json?["state"]?.stringValue == "done")
            let projects = try await b.request("GET", "/api/projects").json?["data"]?.arrayValue ?? []
            #expect(projects.compactMap { $0["id"]?.stringValue } == [project])
            // A's ticket files are on A: B refuses to sync them, and B's listing (which syncs by
            // default) deletes none of the tickets whose files it cannot see.
            #expect(try await b.request("POST", "/api/projects/\(project)/sync-tickets").status == 409)
            let onB = try await b.request("GET", "/api/projects/\(project)/tickets")
            #expect(onB.json?["data"]?.arrayValue?.count == list.json?["data"]?.arrayValue?.count)
            #expect(try await b.request("POST", "/api/projects/\(project)/sessions", body: "{}").status == 409)
        }
    }

    @Test func eachServerOwnsItsOwnHostsSessions() async throws {
        try await Self.withPair { a, b in
            let project = try await a.createProject()
            let session = try await a.startSession(project: project)
            #expect(try await a.request("GET", "/api/sessions/\(session)").status == 200)
            // B's tmux also has a session named "main" (the project's): B must not adopt its panes
            // into A's project, list A's session, or act on A's pane id in its own tmux.
            let discovered = try await b.request("POST", "/api/sessions/discover", body: "{}")
            #expect(discovered.status == 200)
            #expect(discovered.json?["discovered_sessions"]?.arrayValue?.isEmpty == true)
            let listed = try await b.request("GET", "/api/sessions").json?.arrayValue ?? []
            #expect(listed.isEmpty)
            #expect(try await b.request("GET", "/api/sessions/\(session)").status == 404)
            #expect(try await b.request("POST", "/api/sessions/\(session)/stop", body: "{}").status == 404)
            // B's sweep of running sessions leaves A's alone: A's session is still running.
            #expect(try await b.request("POST", "/api/sessions/sync", body: "{}").status == 200)
            let still = try await a.request("GET", "/api/sessions/\(session)").json?["status"]?.stringValue
            #expect(still == "running")
            let onA = try await a.request("GET", "/api/sessions").json?.arrayValue ?? []
            #expect(onA.compactMap { $0["id"]?.stringValue } == [session])
        }
    }

    @Test func notificationsAreSharedAndPushedToTheOtherServersClients() async throws {
        try await Self.withPair { a, b in
            let project = try await a.createProject()
            let session = try await a.startSession(project: project)
            #expect(
                try await eventually {
                    let out = try await a.request("GET", "/api/sessions/\(session)/output?lines=50")
                    return out.json?["lines"]?.arrayValue?.contains { $0.stringValue?.contains("started:") == true }
                        == true
                })
            try await withWS(b.wsURL) { ws in
                _ = try await ws.inbox.next("agent:snapshot")
                // A hook on A's host raises a waiting notification on A...
                let hook =
                    #"{"hook_event_name":"Notification","notification_type":"idle_prompt","cwd":"\#(a.repo.path)"}"#
                #expect(try await a.request("POST", "/api/hooks/claude", body: hook).status == 200)
                // ...which B's client hears at once, and finds in B's list.
                let pushed = try await ws.inbox.next("notification", within: 30)
                #expect(pushed["payload"]?["title"]?.stringValue == "Input Required")
            }
            let onB = try await b.request("GET", "/api/notifications").json?["data"]?.arrayValue ?? []
            #expect(onB.contains { $0["session"]?["id"]?.stringValue == session })
        }
    }
}
