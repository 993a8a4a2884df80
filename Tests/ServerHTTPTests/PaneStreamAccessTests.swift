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

    /// Under tmux's `window-size manual` an interactive pane stream sizes nothing until it asks
    /// (`pty:resize` with `"fit": true`, claudepm's extension); detaching puts the window back:
    /// its size, and its own `window-size` unset as it was.
    @Test func underWindowSizeManualAStreamSizesTheWindowOnlyWhenAskedAndDetachPutsItBack() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let pane = try #require(try await s.request("GET", "/api/sessions/\(id)").json?["pane_id"]?.stringValue)
            try await s.tmux.run(["set-option", "-g", "window-size", "manual"])
            let window = try await s.tmux.run(["display-message", "-p", "-t", pane, "#{window_id}"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let size = { @Sendable in
                try await s.tmux.run(["display-message", "-p", "-t", window, "#{window_width}x#{window_height}"])
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let before = try await size()
            try await withWS(s.wsURL) { ws in
                try await ws.send("pty:attach", #"{"sessionId":"\#(id)","cols":97,"rows":29,"stream":"pane"}"#)
                let first = try await ws.inbox.next("pty:snapshot")
                #expect(
                    "\(first["payload"]?["cols"]?.intValue ?? 0)x\(first["payload"]?["rows"]?.intValue ?? 0)" == before)
                try await ws.send("pty:resize", #"{"sessionId":"\#(id)","cols":98,"rows":30}"#)
                try await ws.send("ping", "{}")
                _ = try await ws.inbox.next("pong")
                #expect(try await size() == before, "a plain resize sized a window under window-size manual")

                try await ws.send("pty:resize", #"{"sessionId":"\#(id)","cols":97,"rows":29,"fit":true}"#)
                let fitted = try await ws.inbox.next("pty:snapshot")
                #expect(fitted["payload"]?["cols"]?.intValue == 97 && fitted["payload"]?["rows"]?.intValue == 29)
                #expect(try await size() == "97x29")
                // A viewer that fitted its window follows its own later resizes.
                try await ws.send("pty:resize", #"{"sessionId":"\#(id)","cols":90,"rows":25}"#)
                #expect(try await eventually { try await size() == "90x25" })

                try await ws.send("pty:detach", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("pty:detached")
                #expect(try await eventually { try await size() == before })
                let own = try await s.tmux.run(["show-options", "-w", "-t", window])
                #expect(!own.contains("window-size"), "the window kept a window-size of its own: \(own)")
            }
        }
    }
}
