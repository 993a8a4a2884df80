// Hook-to-session mapping fallbacks: transcript_path (remembered, or named after Claude's
// session id) and the only watched session, with several running sessions so that the
// "only running session" rule cannot decide.
import Foundation
import TestSupport
import Testing

@testable import ServerCore
@testable import ServerHTTP

@Suite("Hook mapping")
struct HookMappingTests {
    static func hook(_ s: TestServer, _ fields: String) async throws -> AnyJSON? {
        let body = #"{"hook_event_name":"Notification","notification_type":"permission_prompt"\#(fields)}"#
        return try await s.request("POST", "/api/hooks/claude", body: body).json
    }

    static func stop(_ s: TestServer, _ id: String) async throws {
        _ = try await s.request(
            "POST", "/api/hooks/claude", body: #"{"hook_event_name":"Stop","claudepm_session_id":"\#(id)"}"#)
        #expect(try await eventually { await !s.services.sessions.isWaiting(id) })
    }

    @Test func transcriptPathMapsToTheSession() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let a = try await s.startSession(project: project)
            let b = try await s.startSession(project: project)
            let first = try await Self.hook(
                s, #","claudepm_session_id":"\#(a)","session_id":"c-1","transcript_path":"/t/p/any.jsonl""#)
            #expect(first?["warning"] == nil)
            #expect(try await eventually { await s.services.sessions.isWaiting(a) })
            try await Self.stop(s, a)
            // Only the transcript path, remembered from the first hook.
            let second = try await Self.hook(s, #","transcript_path":"/t/p/any.jsonl""#)
            #expect(second?["warning"] == nil)
            #expect(try await eventually { await s.services.sessions.isWaiting(a) })
            #expect(await !s.services.sessions.isWaiting(b))
            try await Self.stop(s, a)
            // A transcript file named after a Claude session id learnt earlier.
            _ = try await Self.hook(s, #","claudepm_session_id":"\#(b)","session_id":"c-2""#)
            try await Self.stop(s, b)
            let third = try await Self.hook(s, #","transcript_path":"/home/u/.claude/projects/x/c-2.jsonl""#)
            #expect(third?["warning"] == nil)
            #expect(try await eventually { await s.services.sessions.isWaiting(b) })
            #expect(await !s.services.sessions.isWaiting(a))
            let unknown = try await Self.hook(s, #","transcript_path":"/t/p/other.jsonl""#)
            #expect(unknown?["warning"]?.stringValue == "No matching session found")
        }
    }

    @Test func onlyWatchedSessionIsTheLastResort() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let live = try await s.startSession(project: project)
            // A second running session without a real pane (as upstream's hook-created ones): not watched.
            let now = Date()
            let placeholder = SessionRecord(
                id: UUID().uuidString.lowercased(), projectId: project, ticketId: nil, type: "adhoc", status: "running",
                source: "api", contextPercent: 0, paneId: "claude-code", paneName: nil, claudeSessionId: nil,
                startedAt: now, endedAt: nil, createdAt: now, updatedAt: now, host: s.services.store.host)
            try await s.services.store.write { try $0.insert(placeholder) }
            let reply = try await Self.hook(s, #","cwd":"/not/a/project""#)
            #expect(reply?["warning"] == nil)
            #expect(try await eventually { await s.services.sessions.isWaiting(live) })
            _ = try await s.startSession(project: project)
            let ambiguous = try await Self.hook(s, #","cwd":"/not/a/project""#)
            #expect(ambiguous?["warning"]?.stringValue == "No matching session found")
        }
    }
}
