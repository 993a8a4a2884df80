// A pane stream switched in place between watching and interactive (`pty:resize` with
// `readOnly`, claudepm's extension): read-only ignores input and leaves the pane's size alone;
// interactive takes input and sizes the pane (a snapshot at the new size follows); read-only
// again ignores input once more. WebSocket messages are handled in order, so a `ping` answered
// proves every earlier `pty:data` was handled, and a later marker that shows up proves an earlier
// line that did not was never typed.
import Foundation
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("Pane stream access switch")
struct PaneStreamAccessTests {
    private static func lines(_ s: TestServer, _ id: String) async throws -> [String] {
        let out = try await s.request("GET", "/api/sessions/\(id)/output")
        return out.json?["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    private static func data(_ ws: WSTestConnection, _ id: String, _ text: String) async throws {
        try await ws.send("pty:data", #"{"sessionId":"\#(id)","data":"\#(text)\r"}"#)
    }

    @Test func aReadOnlyPaneStreamTurnsInteractiveAndBackWithoutANewAttach() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            try await withWS(s.wsURL) { ws in
                try await ws.send(
                    "pty:attach", #"{"sessionId":"\#(id)","cols":80,"rows":24,"readOnly":true,"stream":"pane"}"#)
                _ = try await ws.inbox.next("pty:snapshot")
                try await Self.data(ws, id, "echo watched-$((1+1))")

                try await ws.send("pty:resize", #"{"sessionId":"\#(id)","cols":97,"rows":29,"readOnly":false}"#)
                let resized = try await ws.inbox.next("pty:snapshot")
                #expect(resized["payload"]?["cols"]?.intValue == 97)
                #expect(resized["payload"]?["rows"]?.intValue == 29)
                try await Self.data(ws, id, "echo typed-$((2+2)); stty size")
                #expect(try await eventually { try await Self.lines(s, id).contains("typed-4") })
                // `stty size` prints after the echo: its line may come a moment later.
                #expect(try await eventually { try await Self.lines(s, id).contains("29 97") })
                #expect(!(try await Self.lines(s, id).contains("watched-2")))

                try await ws.send("pty:resize", #"{"sessionId":"\#(id)","cols":97,"rows":29,"readOnly":true}"#)
                try await Self.data(ws, id, "echo watched-again-$((3+3))")
                try await ws.send("ping", "{}")
                _ = try await ws.inbox.next("pong")
                let marker = try await s.request(
                    "POST", "/api/sessions/\(id)/input", body: #"{"input":"echo marker-$((4+4))"}"#)
                #expect(marker.status == 200)
                #expect(try await eventually { try await Self.lines(s, id).contains("marker-8") })
                #expect(!(try await Self.lines(s, id).contains("watched-again-6")))

                try await ws.send("pty:detach", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("pty:detached")
            }
        }
    }
}
