// Hooks drive waiting detection and notifications; notification list, count, delete.
import Foundation
import TestSupport
import Testing

@testable import ServerCore
@testable import ServerHTTP

@Suite("Hooks and notifications")
struct NotificationHookTests {
    @Test func hookWaitingCreatesNotificationAndEvent() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject(name: "Hooky")
            let id = try await s.startSession(project: project)
            try await withWS(s.wsURL) { ws in
                try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("subscribed")
                let hook =
                    #"{"hook_event_name":"Notification","notification_type":"permission_prompt","claudepm_session_id":"\#(id)"}"#
                let reply = try await s.request("POST", "/api/hooks/claude", body: hook)
                #expect(reply.json?["received"]?.boolValue == true)
                let waiting = try await ws.inbox.next("session:waiting")
                #expect(waiting["payload"]?["waiting"]?.boolValue == true)
                #expect(waiting["payload"]?["reason"]?.stringValue == "permission_prompt")
                #expect(waiting["payload"]?["detectedBy"]?.stringValue == "hook")
                let note = try await ws.inbox.next("notification")
                #expect(note["payload"]?["title"]?.stringValue == "Input Required")
                #expect(note["payload"]?["body"]?.stringValue == "Hooky session: permission_prompt")
                let stop = #"{"hook_event_name":"Stop","claudepm_session_id":"\#(id)"}"#
                _ = try await s.request("POST", "/api/hooks/claude", body: stop)
                let cleared = try await ws.inbox.next("session:waiting")
                #expect(cleared["payload"]?["waiting"]?.boolValue == false)
            }
            #expect(try await s.request("GET", "/api/notifications/count").json?["count"]?.intValue == 0)
        }
    }

    @Test func notificationListAndDelete() async throws {
        try await TestServer.with { s in
            let id = try await Self.sessionWithOutput(s)
            // The shell's first screen has settled, so no output change clears the waiting state.
            try await Self.settle(s, id)
            let hook = #"{"hook_event_name":"Notification","notification_type":"idle_prompt","cwd":"\#(s.repo.path)"}"#
            _ = try await s.request("POST", "/api/hooks/claude", body: hook)
            #expect(
                try await eventually {
                    try await s.request("GET", "/api/notifications/count").json?["count"]?.intValue == 1
                })
            let list = try await s.request("GET", "/api/notifications")
            let item = try #require(list.json?["data"]?[0])
            #expect(item["type"]?.stringValue == "waiting_input")
            #expect(item["session"]?["id"]?.stringValue == id)
            #expect(item["ticket"] == .null)
            #expect(list.json?["count"]?.intValue == 1)
            let nid = try #require(item["id"]?.stringValue)
            #expect(try await s.request("DELETE", "/api/notifications/\(nid)").json?["success"]?.boolValue == true)
            #expect(try await s.request("DELETE", "/api/notifications/\(nid)").status == 404)
            #expect(try await s.request("DELETE", "/api/notifications/garbage").status == 400)
            #expect(try await s.request("DELETE", "/api/notifications").json?["dismissed"]?.intValue == 0)
            let unmatched = try await s.request(
                "POST", "/api/hooks/claude", body: #"{"hook_event_name":"Stop","cwd":"/elsewhere"}"#)
            #expect(unmatched.status == 200)
            #expect(try await s.request("POST", "/api/hooks/claude", body: "not json").status == 200)
        }
    }

    /// A resize (a client attaching at another size) changes the captured screen but is not
    /// output: the session keeps waiting past the detector's clear delay. Real output then ends
    /// the wait. (Found by Scripts/soak: every attach/detach cycle cleared a waiting notification.)
    @Test func aResizeDoesNotEndAWaitButOutputDoes() async throws {
        try await TestServer.with { s in
            let id = try await Self.sessionWithOutput(s)
            let hook =
                #"{"hook_event_name":"Notification","notification_type":"permission_prompt","claudepm_session_id":"\#(id)"}"#
            _ = try await s.request("POST", "/api/hooks/claude", body: hook)
            let count = { try await s.request("GET", "/api/notifications/count").json?["count"]?.intValue }
            #expect(try await eventually { try await count() == 1 })
            let pane = try #require(try await s.request("GET", "/api/sessions/\(id)").json?["pane_id"]?.stringValue)
            // Output while waiting arms the detector's clear at once (the wait ends when it fires):
            // after each resize and a read of the pane at its new size, no clear may be armed.
            let detector = await s.services.sessions.detector
            let armed = { await detector.isArmed(.clear, for: id) }
            for (cols, rows) in [("200", "49"), ("70", "12")] {
                _ = try await s.tmux.run(["resize-window", "-t", pane, "-x", cols, "-y", rows])
                await s.services.sessions.pollOnce()
                #expect(await !armed(), "a resize to \(cols)x\(rows) was taken for output")
            }
            try await Self.settle(s, id)
            #expect(await !armed(), "a read after the resizes was taken for output")
            #expect(try await count() == 1, "a resize ended the wait")
            _ = try await s.request("POST", "/api/sessions/\(id)/input", body: #"{"input":"echo done-$((6*7))"}"#)
            #expect(try await eventually { try await count() == 0 }, "output did not end the wait")
        }
    }

    /// Waits until `id`'s pane no longer changes between two polls (its shell finished drawing).
    static func settle(_ s: TestServer, _ id: String) async throws {
        let output = { try await s.request("GET", "/api/sessions/\(id)/output").json }
        let settled = try await eventually {
            let before = try await output()
            await s.services.sessions.pollOnce()
            return try await output() == before
        }
        #expect(settled, "the shell kept drawing")
    }

    /// A new session in a new project, once its shell's first screen is in the output buffer.
    static func sessionWithOutput(_ s: TestServer) async throws -> String {
        let id = try await s.startSession(project: try await s.createProject())
        #expect(
            try await eventually {
                (try await s.request("GET", "/api/sessions/\(id)/output").json?["total_lines"]?.intValue ?? 0) > 0
            })
        return id
    }

    @Test func outputPatternDetectsPermissionPrompt() async throws {
        try await TestServer.withSubscribedSession { s, id, ws in
            _ = try await s.request(
                "POST", "/api/sessions/\(id)/input", body: #"{"input":"printf 'Do you want to %s?\\n' proceed"}"#)
            let waiting = try await ws.inbox.next("session:waiting", within: 30)
            #expect(waiting["payload"]?["detectedBy"]?.stringValue == "output_pattern")
            #expect(waiting["payload"]?["reason"]?.stringValue == "permission_prompt")
            let output = ws.inbox.all.first { $0["type"]?.stringValue == "session:output" }
            #expect(output?["payload"]?["raw"]?.boolValue == true)
        }
    }
}
