// REST endpoints against a real server with real tmux: health, projects, sessions, errors.
import Foundation
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("REST")
struct RESTTests {
    @Test func healthAndUnknownRoutes() async throws {
        try await TestServer.with { s in
            let (status, json) = try await s.request("GET", "/api/health")
            #expect(status == 200)
            #expect(json?["status"]?.stringValue == "healthy")
            #expect(json?["database"]?.stringValue == "connected")
            #expect(json?.keys == ["status", "uptime", "version", "database", "tmux", "timestamp"])
            let missing = try await s.request("GET", "/api/nothing-here")
            #expect(missing.status == 404)
            #expect(missing.json?["error"]?.stringValue == "Not found")
        }
    }

    @Test func projectLifecycle() async throws {
        try await TestServer.with { s in
            let id = try await s.createProject(name: "Alpha")
            let list = try await s.request("GET", "/api/projects?limit=5")
            #expect(list.json?["data"]?[0]?["id"]?.stringValue == id)
            #expect(list.json?["pagination"]?["total_pages"]?.intValue == 1)
            let detail = try await s.request("GET", "/api/projects/\(id)")
            #expect(detail.json?["ticket_counts"]?["backlog"]?.intValue == 0)
            #expect(detail.json?["active_session"] == .null)
            let patched = try await s.request(
                "PATCH", "/api/projects/\(id)", body: #"{"name":"Beta","tmux_window":null}"#)
            #expect(patched.json?["name"]?.stringValue == "Beta")
            let dup = try await s.request(
                "POST", "/api/projects", body: #"{"name":"x","repo_path":"\#(s.repo.path)","tmux_session":"main"}"#)
            #expect(dup.status == 409)
            #expect(try await s.request("DELETE", "/api/projects/\(id)").status == 204)
            #expect(try await s.request("GET", "/api/projects/\(id)").status == 404)
        }
    }

    @Test func projectValidation() async throws {
        try await TestServer.with { s in
            let missing = try await s.request("POST", "/api/projects", body: #"{"name":5}"#)
            #expect(missing.status == 400)
            #expect(missing.json?["error"]?.stringValue == "Validation error")
            #expect(missing.json?["details"]?["repo_path"]?[0]?.stringValue == "Required")
            #expect(missing.json?["details"]?["name"]?[0]?.stringValue == "Expected string, received number")
            let noRepo = try await s.request(
                "POST", "/api/projects", body: #"{"name":"n","repo_path":"/nope/x","tmux_session":"main"}"#)
            #expect(noRepo.json?["error"]?.stringValue == "Repository path does not exist: /nope/x")
            let hostile = try await s.request(
                "POST", "/api/projects",
                body: #"{"name":"n","repo_path":"\#(s.repo.path)","tmux_session":"; rm -rf ~"}"#)
            #expect(hostile.status == 400)
            #expect(hostile.json?["error"]?.stringValue == "tmux session does not exist: ; rm -rf ~")
            let traversal = try await s.request(
                "POST", "/api/projects",
                body: #"{"name":"n","repo_path":"\#(s.repo.path)","tmux_session":"main","tickets_path":"../../etc"}"#)
            #expect(traversal.status == 400)
            #expect(try await s.request("POST", "/api/projects", body: "{not json").status == 400)
            #expect(
                try await s.request("GET", "/api/projects/not-a-uuid").json?["details"]?["id"]?[0]?.stringValue
                    == "Invalid project ID")
            let big = String(repeating: "a", count: 120_000)
            let tooBig = try await s.request("POST", "/api/projects", body: #"{"name":"\#(big)"}"#)
            #expect(tooBig.status == 413)
            #expect(tooBig.json?["error"] != nil)
        }
    }

    @Test func sessionLifecycle() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let created = try await s.request(
                "POST", "/api/projects/\(project)/sessions", body: #"{"initial_prompt":"hello-prompt"}"#)
            #expect(created.status == 201)
            #expect(created.json?["project"] == nil && created.json?["ticket"] == nil)
            #expect(created.json?["pane_id"]?.stringValue?.hasPrefix("%") == true)
            let id = try #require(created.json?["id"]?.stringValue)
            let list = try await s.request("GET", "/api/sessions")
            #expect(list.json?[0]?["project"]?["name"]?.stringValue == "Demo")
            #expect(list.json?[0]?["ticket"] == .null)
            #expect(
                try await eventually {
                    let out = try await s.request("GET", "/api/sessions/\(id)/output?lines=50")
                    return out.json?["lines"]?.arrayValue?.contains {
                        $0.stringValue?.contains("started:hello-prompt") == true
                    } == true
                })
            #expect(
                try await s.request("POST", "/api/sessions/\(id)/input", body: #"{"input":"echo in-put-ok"}"#).status
                    == 200)
            #expect(
                try await eventually {
                    let out = try await s.request("GET", "/api/sessions/\(id)/output")
                    return out.json?["lines"]?.arrayValue?.contains { $0.stringValue == "in-put-ok" } == true
                })
            let keys = try await s.request("POST", "/api/sessions/\(id)/keys", body: #"{"keys":"C-c"}"#)
            #expect(keys.json?["message"]?.stringValue == "Keys sent via tmux")
            let renamed = try await s.request("PATCH", "/api/sessions/\(id)/rename", body: #"{"name":"; rm -rf ~"}"#)
            #expect(renamed.json?["message"]?.stringValue == "Session renamed to '; rm -rf ~'")
            #expect(try await s.request("GET", "/api/sessions/\(id)").json?["pane_name"]?.stringValue == "; rm -rf ~")
            #expect(
                try await s.request("POST", "/api/sessions/\(id)/focus").json?["message"]?.stringValue
                    == "Pane focused and zoomed")
            #expect(try await s.request("POST", "/api/sessions/\(id)/stop", body: #"{"force":true}"#).status == 200)
            let again = try await s.request("POST", "/api/sessions/\(id)/stop")
            #expect(again.json?["error"]?.stringValue == "Session \(id) is not running (current status: completed)")
            #expect(try await s.request("GET", "/api/sessions/\(id)").json?["ended_at"] != .null)
        }
    }

    @Test func sessionErrors() async throws {
        try await TestServer.with { s in
            let unknown = UUID().uuidString.lowercased()
            let notFound = try await s.request("GET", "/api/sessions/\(unknown)")
            #expect(notFound.status == 404)
            #expect(notFound.json?["error"]?.stringValue == "Session not found: \(unknown)")
            let bad = try await s.request("GET", "/api/sessions/123")
            #expect(bad.json?["details"]?["id"]?[0]?.stringValue == "Invalid session ID format")
            #expect(try await s.request("GET", "/api/sessions?project_id=zzz").status == 400)
            #expect(
                try await s.request("POST", "/api/projects/\(unknown)/sessions").json?["error"]?.stringValue
                    == "Project not found: \(unknown)")
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let empty = try await s.request("POST", "/api/sessions/\(id)/input", body: #"{"input":""}"#)
            #expect(empty.status == 400)
            let wrongType = try await s.request("POST", "/api/sessions/\(id)/keys", body: #"{"keys":["C-c"]}"#)
            #expect(wrongType.json?["details"]?["keys"]?[0]?.stringValue == "Expected string, received array")
            #expect(try await s.request("GET", "/api/sessions/\(id)/output?lines=0").status == 400)
        }
    }

    @Test func syncFindsDeadPanes() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let alive = try await s.startSession(project: project)
            let dead = try await s.startSession(project: project)
            let pane = try #require(try await s.request("GET", "/api/sessions/\(dead)").json?["pane_id"]?.stringValue)
            try await s.tmux.killPane(pane)
            let sync = try await s.request("POST", "/api/sessions/sync?project_id=\(project)")
            let orphaned =
                sync.json?["orphaned_sessions"]?.arrayValue?.compactMap { $0["session_id"]?.stringValue } ?? []
            let live = sync.json?["alive_sessions"]?.arrayValue?.compactMap { $0["session_id"]?.stringValue } ?? []
            // The poller may already have completed the dead session; either way it is not alive.
            #expect(live == [alive])
            #expect(orphaned.allSatisfy { $0 == dead })
            #expect(try await s.request("GET", "/api/sessions/\(dead)").json?["status"]?.stringValue == "completed")
        }
    }

    @Test func paneDeathCompletesSession() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let pane = try #require(try await s.request("GET", "/api/sessions/\(id)").json?["pane_id"]?.stringValue)
            try await s.tmux.killPane(pane)
            #expect(
                try await eventually {
                    try await s.request("GET", "/api/sessions/\(id)").json?["status"]?.stringValue == "completed"
                })
        }
    }
}
