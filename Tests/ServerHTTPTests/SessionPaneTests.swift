// Pane discovery and copy-mode scrolling against a real tmux server.
import Foundation
import ServerCore
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("Discover and scroll")
struct SessionPaneTests {
    @Test func discoverAdoptsUnknownPanes() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject(name: "Finder")
            let known = try await s.startSession(project: project)
            let knownPane = try #require(
                try await s.request("GET", "/api/sessions/\(known)").json?["pane_id"]?.stringValue)
            let extra = try await s.tmux.newPane(
                session: "main", cwd: s.repo.path, command: ["/bin/sh"], environment: [:])
            let reply = try await s.request("POST", "/api/sessions/discover")
            #expect(reply.status == 200)
            let json = try #require(reply.json)
            #expect(
                json.keys == [
                    "message", "discovered_sessions", "existing_panes", "total_panes_scanned", "projects_checked",
                ])
            // The tmux session's first pane and the extra pane are new; the API session's pane is known.
            #expect(json["message"]?.stringValue == "Discovered 2 new panes")
            #expect(json["total_panes_scanned"]?.intValue == 3)
            #expect(json["projects_checked"]?.intValue == 1)
            let existing = try #require(json["existing_panes"]?.arrayValue)
            #expect(existing.map { $0["session_id"]?.stringValue } == [known])
            #expect(existing.first?["pane_id"]?.stringValue == knownPane)
            let found = try #require(json["discovered_sessions"]?.arrayValue)
            let adopted = try #require(found.first { $0["pane_id"]?.stringValue == extra.id })
            #expect(adopted["project_name"]?.stringValue == "Finder")
            #expect(adopted["project_id"]?.stringValue == project)
            #expect(
                adopted.keys == ["session_id", "project_id", "project_name", "pane_id", "pane_title", "command", "cwd"])
            let id = try #require(adopted["session_id"]?.stringValue)
            let session = try await s.request("GET", "/api/sessions/\(id)")
            #expect(session.json?["source"]?.stringValue == "discovered")
            #expect(session.json?["status"]?.stringValue == "running")
            #expect(session.json?["type"]?.stringValue == "adhoc")
            // Adopted panes are tracked: input reaches them and their output is captured.
            _ = try await s.request("POST", "/api/sessions/\(id)/input", body: #"{"input":"echo disc-$((20+3))"}"#)
            #expect(
                try await eventually {
                    let out = try await s.request("GET", "/api/sessions/\(id)/output")
                    return out.json?["lines"]?.arrayValue?.contains { $0.stringValue == "disc-23" } == true
                })
            let again = try await s.request("POST", "/api/sessions/discover?project_id=\(project)")
            #expect(again.json?["message"]?.stringValue == "Discovered 0 new panes")
            #expect(again.json?["existing_panes"]?.arrayValue?.count == 3)
        }
    }

    @Test func discoverHostileSessionNameAndBadInput() async throws {
        try await TestServer.with { s in
            let hostile = "; rm -rf ~"
            let pane = try await s.tmux.newSession(
                name: hostile, cwd: s.root.path, command: ["/bin/sh"], environment: [:], width: 80, height: 24)
            let repo2 = s.root.appendingPathComponent("repo2")
            try FileManager.default.createDirectory(at: repo2, withIntermediateDirectories: true)
            let created = try await s.request(
                "POST", "/api/projects",
                body: #"{"name":"Hostile","repo_path":"\#(repo2.path)","tmux_session":"\#(hostile)"}"#)
            let project = try #require(created.json?["id"]?.stringValue)
            let reply = try await s.request("POST", "/api/sessions/discover?project_id=\(project)")
            let found = reply.json?["discovered_sessions"]?.arrayValue ?? []
            #expect(found.map { $0["pane_id"]?.stringValue } == [pane.id])
            #expect(FileManager.default.fileExists(atPath: s.root.path))
            #expect(try await s.request("POST", "/api/sessions/discover?project_id=nope").status == 400)
            let unknown = try await s.request("POST", "/api/sessions/discover?project_id=\(UUID().uuidString)")
            #expect(unknown.json?["projects_checked"]?.intValue == 0)
        }
    }

    @Test func scrollUsesCopyMode() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let pane = try #require(try await s.request("GET", "/api/sessions/\(id)").json?["pane_id"]?.stringValue)
            _ = try await s.request("POST", "/api/sessions/\(id)/input", body: #"{"input":"seq 1 300"}"#)
            #expect(
                try await eventually {
                    let out = try await s.request("GET", "/api/sessions/\(id)/output")
                    return out.json?["lines"]?.arrayValue?.contains { $0.stringValue == "300" } == true
                })
            func mode() async throws -> [Int] {
                let text = try await s.tmux.run([
                    "display-message", "-p", "-t", pane, "#{pane_in_mode} #{scroll_position}",
                ])
                return text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            }
            func scroll(_ action: String) async throws -> String? {
                try await s.request("POST", "/api/sessions/\(id)/scroll", body: #"{"action":"\#(action)"}"#)
                    .json?["message"]?.stringValue
            }
            #expect(try await mode() == [0])
            #expect(try await scroll("up") == "Scrolled up")
            let afterUp = try await mode()
            #expect(afterUp.first == 1 && (afterUp.last ?? 0) > 0)
            #expect(try await scroll("up") == "Scrolled up")
            let higher = try await mode()
            #expect((higher.last ?? 0) > (afterUp.last ?? 0))
            #expect(try await scroll("down") == "Scrolled down")
            #expect((try await mode().last ?? 0) < (higher.last ?? 0))
            #expect(try await scroll("exit") == "Exited copy mode")
            #expect(try await mode() == [0])
            #expect(try await scroll("enter") == "Entered copy mode")
            #expect(try await mode().first == 1)
            #expect(try await scroll("exit") == "Exited copy mode")
        }
    }

    @Test func scrollErrors() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let invalid = "Invalid action. Use: up, down, enter, exit"
            for body in [#"{"action":"sideways"}"#, #"{"action":5}"#, "{}"] {
                let reply = try await s.request("POST", "/api/sessions/\(id)/scroll", body: body)
                #expect(reply.status == 400)
                #expect(reply.json?["error"]?.stringValue == invalid)
            }
            #expect(try await s.request("POST", "/api/sessions/\(id)/scroll", body: "{oops").status == 400)
            let bad = try await s.request("POST", "/api/sessions/nope/scroll", body: #"{"action":"up"}"#)
            #expect(bad.json?["details"]?["id"]?[0]?.stringValue == "Invalid session ID format")
            let unknown = try await s.request(
                "POST", "/api/sessions/\(UUID().uuidString)/scroll", body: #"{"action":"up"}"#)
            #expect(unknown.status == 404)
            #expect(unknown.json?["error"]?.stringValue == "Session or pane not found")
            #expect(try await s.request("POST", "/api/sessions/\(id)/stop", body: #"{"force":true}"#).status == 200)
            let gone = try await s.request("POST", "/api/sessions/\(id)/scroll", body: #"{"action":"up"}"#)
            #expect(gone.status == 404)
        }
    }
}
