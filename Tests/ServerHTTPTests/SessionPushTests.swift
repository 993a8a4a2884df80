// Extension `?push=sessions`: an event socket that asks for it hears `sessions:pushing` after
// `agent:snapshot`, then `sessions:changed` when a session is started, renamed, adopted or removed
// with its project; a socket that does not ask (the upstream apps) hears none of them.
import Foundation
import ServerCore
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("Session-list push")
struct SessionPushTests {
    static func types(_ ws: WSTestConnection) -> [String] { ws.inbox.all.compactMap { $0["type"]?.stringValue } }

    @Test func aSocketThatAsksHearsEveryListChangeAndOneThatDoesNotHearsNone() async throws {
        try await TestServer.with { s in
            try await withWS(s.wsURL) { plain in
                _ = try await plain.inbox.next("agent:snapshot")
                try await withWS(s.wsURL + "?push=sessions") { push in
                    _ = try await push.inbox.next("sessions:pushing")
                    #expect(Self.types(push).prefix(2) == ["agent:snapshot", "sessions:pushing"])
                    let project = try await s.createProject(name: "Pushed")
                    let started = try await s.startSession(project: project)
                    let created = try await push.inbox.next("sessions:changed")
                    #expect(created["payload"]?["sessionId"]?.stringValue == started)
                    let rename = try await s.request(
                        "PATCH", "/api/sessions/\(started)/rename", body: #"{"name":"pushed-name"}"#)
                    #expect(rename.status == 200)
                    let renamed = try await push.inbox.next("sessions:changed")
                    #expect(renamed["payload"]?["sessionId"]?.stringValue == started)
                    let extra = try await s.tmux.newPane(
                        session: "main", cwd: s.repo.path, command: ["/bin/sh"], environment: [:])
                    #expect(try await s.request("POST", "/api/sessions/discover").status == 200)
                    let adopted = try await push.inbox.next("sessions:changed")
                    #expect(adopted["payload"]?["sessionId"]?.stringValue != started, "pane \(extra.id)")
                    #expect(try await s.request("DELETE", "/api/projects/\(project)").status == 204)
                    // Discovery adopts the tmux session's first pane and the extra one; then the delete.
                    _ = try await push.inbox.next("sessions:changed")
                    let removed = try await push.inbox.next("sessions:changed")
                    #expect(removed["payload"] != nil && removed["payload"]?.keys.isEmpty == true)
                }
                try await plain.send("ping", "{}")
                _ = try await plain.inbox.next("pong")
                #expect(!Self.types(plain).contains { $0.hasPrefix("sessions:") }, "\(Self.types(plain))")
            }
        }
    }
}
