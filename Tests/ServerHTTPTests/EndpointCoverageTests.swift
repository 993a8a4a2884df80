// The endpoints and messages the other suites leave out: hook endpoints, review history, project
// ticket sync, subscribe with buffered output, every PTY error, pty:exit when the tmux session
// ends, and unknown sessions / wrong types on each session route.
import Foundation
import TestSupport
import Testing

@testable import ServerCore
@testable import ServerHTTP

@Suite("Endpoint coverage")
struct EndpointCoverageTests {
    /// Inserts a running session whose pane is upstream's hook placeholder `claude-code`.
    static func placeholderSession(_ s: TestServer, project: String) async throws -> String {
        let now = Date()
        let record = SessionRecord(
            id: UUID().uuidString.lowercased(), projectId: project, ticketId: nil, type: "adhoc", status: "running",
            source: "api", contextPercent: 0, paneId: "claude-code", paneName: nil, claudeSessionId: nil,
            startedAt: now, endedAt: nil, createdAt: now, updatedAt: now, host: s.services.store.host)
        try await s.services.store.write { try $0.insert(record) }
        return record.id
    }

    @Test func hookEndpointsReviewHistoryAndTicketSync() async throws {
        try await TestServer.with { s in
            let start = try await s.request("POST", "/api/hooks/session-start", body: #"{"session_id":"x"}"#)
            #expect(start.status == 200 && start.json == .object(["received": .bool(true)]))
            let health = try await s.request("GET", "/api/hooks/health")
            #expect(health.json?.keys == ["status", "detectorRunning", "watchedSessions"])
            #expect(health.json?["watchedSessions"]?.intValue == 0)
            try TicketTests.writeTickets(s)
            let project = try await s.createProject()
            _ = try await s.startSession(project: project)
            #expect(try await s.request("GET", "/api/hooks/health").json?["watchedSessions"]?.intValue == 1)
            let sync = try await s.request("POST", "/api/projects/\(project)/sync-tickets")
            #expect(sync.json?["message"]?.stringValue == "Sync completed")
            #expect(sync.json?["result"]?["created"]?.intValue == 3)
            try FileManager.default.removeItem(at: s.repo.appendingPathComponent("docs/jira-tickets/WEB-010-theme.md"))
            let resync = try await s.request("POST", "/api/projects/\(project)/sync-tickets")
            #expect(resync.json?["result"]?["deleted"]?.intValue == 1)
            let list = try await s.request("GET", "/api/projects/\(project)/tickets?sync=false")
            #expect(list.json?["data"]?.arrayValue?.map { $0["external_id"]?.stringValue } == ["CSM-001", "CSM-002"])
            let ticket = try #require(list.json?["data"]?[0]?["id"]?.stringValue)
            let history = try await s.request("GET", "/api/tickets/\(ticket)/review-history")
            #expect(history.json == .object(["ticketId": .string(ticket), "results": .array([])]))
            let unknown = UUID().uuidString.lowercased()
            #expect(try await s.request("POST", "/api/projects/\(unknown)/sync-tickets").status == 404)
        }
    }

    @Test func subscribeBufferAndPTYErrors() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project, body: #"{"initial_prompt":"buffered"}"#)
            let placeholder = try await Self.placeholderSession(s, project: project)
            // The line itself, not just any output: the shell may have printed before it.
            #expect(
                try await eventually {
                    let lines = try await s.request("GET", "/api/sessions/\(id)/output").json?["lines"]?.arrayValue
                    return lines?.contains { $0.stringValue == "started:buffered" } == true
                })
            try await withWS(s.wsURL) { ws in
                try await ws.send("session:keys", #"{"sessionId":"\#(id)","keys":"x"}"#)
                #expect(try await ws.inbox.next("error")["payload"]?["code"]?.stringValue == "NOT_SUBSCRIBED")
                try await ws.send("pty:selectPane", #"{"sessionId":"\#(id)"}"#)
                let select = try await ws.inbox.next("error")["payload"]
                #expect(select?["code"]?.stringValue == "PTY_NOT_ATTACHED")
                #expect(select?["message"]?.stringValue == "Not attached to PTY")
                let unknown = UUID().uuidString.lowercased()
                try await ws.send("pty:attach", #"{"sessionId":"\#(unknown)"}"#)
                #expect(try await ws.inbox.next("error")["payload"]?["code"]?.stringValue == "SESSION_NOT_FOUND")
                try await ws.send("pty:attach", #"{"sessionId":"\#(placeholder)"}"#)
                let invalid = try await ws.inbox.next("error")["payload"]
                #expect(invalid?["code"]?.stringValue == "PTY_INVALID_PANE")
                #expect(invalid?["message"]?.stringValue == "Session \(placeholder) has invalid pane ID: claude-code")
                try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                let subscribed = try await ws.inbox.next("subscribed")
                let buffered = subscribed["payload"]?["bufferLines"]?.arrayValue ?? []
                #expect(buffered.contains { $0.stringValue == "started:buffered" })
                let output = try await ws.inbox.next("session:output")
                #expect(output["payload"]?["lines"]?.arrayValue == buffered)
                #expect(try await s.request("POST", "/api/sessions/\(id)/stop", body: #"{"force":true}"#).status == 200)
                let status = try await ws.inbox.next("session:status")["payload"]
                #expect(status?["previousStatus"]?.stringValue == "running")
                #expect(status?["newStatus"]?.stringValue == "completed")
                try await ws.send("session:input", #"{"sessionId":"\#(id)","text":"late"}"#)
                let failed = try await ws.inbox.next("error")["payload"]
                #expect(failed?["code"]?.stringValue == "INPUT_FAILED")
                #expect(
                    failed?["message"]?.stringValue
                        == "Failed to send input to session \(id): Session is not running (status: completed)")
            }
        }
    }

    @Test func ptyExitWhenTheTmuxSessionEnds() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            try await withWS(s.wsURL) { ws in
                try await ws.send("pty:attach", #"{"sessionId":"\#(id)","cols":80,"rows":24}"#)
                _ = try await ws.inbox.next("pty:attached")
                _ = try await ws.inbox.next("pty:output")
                try await s.tmux.run(["kill-session", "-t", "=main"])
                let exit = try await ws.inbox.next("pty:exit")
                #expect(exit["payload"]?["sessionId"]?.stringValue == id)
                #expect(exit["payload"]?["exitCode"]?.intValue != nil)
                #expect(!ws.inbox.all.contains { $0["type"]?.stringValue == "pty:detached" })
                // The socket stays usable after the PTY is gone.
                try await ws.send(#"{"type":"ping","payload":{}}"#)
                _ = try await ws.inbox.next("pong")
            }
            #expect(
                try await eventually {
                    try await s.request("GET", "/api/sessions/\(id)").json?["status"]?.stringValue == "completed"
                })
        }
    }

    @Test func sessionRoutesRejectUnknownIdsAndWrongTypes() async throws {
        try await TestServer.with { s in
            let unknown = UUID().uuidString.lowercased()
            let notFound = "Session not found: \(unknown)"
            let calls: [(String, String, String?)] = [
                ("POST", "stop", "{}"), ("POST", "input", #"{"input":"x"}"#), ("POST", "keys", #"{"keys":"C-c"}"#),
                ("GET", "output", nil), ("PATCH", "rename", #"{"name":"n"}"#),
            ]
            for (method, route, body) in calls {
                let reply = try await s.request(method, "/api/sessions/\(unknown)/\(route)", body: body)
                #expect(reply.status == 404, "\(route)")
                #expect(reply.json?["error"]?.stringValue == notFound, "\(route)")
            }
            let focus = try await s.request("POST", "/api/sessions/\(unknown)/focus")
            #expect(focus.status == 404 && focus.json?["error"]?.stringValue == "Session not found")
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let force = try await s.request("POST", "/api/sessions/\(id)/stop", body: #"{"force":"yes"}"#)
            #expect(force.json?["details"]?["force"]?[0]?.stringValue == "Expected boolean, received string")
            let input = try await s.request("POST", "/api/sessions/\(id)/input", body: #"{"input":5}"#)
            #expect(input.json?["details"]?["input"]?[0]?.stringValue == "Expected string, received number")
            let long = String(repeating: "n", count: 101)
            let rename = try await s.request("PATCH", "/api/sessions/\(id)/rename", body: #"{"name":"\#(long)"}"#)
            #expect(rename.json?["details"]?["name"]?[0]?.stringValue == "Name too long")
            let array = try await s.request("POST", "/api/sessions/\(id)/input", body: "[]")
            #expect(array.json?["details"]?[""]?[0]?.stringValue == "Expected object, received array")
            let placeholder = try await Self.placeholderSession(s, project: project)
            let external = try await s.request("POST", "/api/sessions/\(placeholder)/input", body: #"{"input":"x"}"#)
            #expect(
                external.json?["error"]?.stringValue
                    == "Failed to send input to session \(placeholder): Session does not have a valid tmux pane. "
                    + "It may have been created externally.")
            let noPane = try await s.request("POST", "/api/sessions/\(placeholder)/focus")
            #expect(
                noPane.status == 400 && noPane.json?["message"]?.stringValue == "Session may not have been started yet")
            // Nothing was lost: the real session still runs and takes input.
            #expect(try await s.request("GET", "/api/sessions/\(id)").json?["status"]?.stringValue == "running")
        }
    }
}
