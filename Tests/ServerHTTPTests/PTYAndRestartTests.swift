// PTY attach with a real shell (attach, output, resize, detach, exit, read-only) and session
// re-adoption after a server restart.
import Foundation
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("PTY and restart")
struct PTYAndRestartTests {
    @Test func attachTypeResizeDetach() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            try await withWS(s.wsURL) { ws in
                try await ws.send("pty:attach", #"{"sessionId":"\#(id)","cols":100,"rows":30}"#)
                let attached = try await ws.inbox.next("pty:attached")
                #expect(attached["payload"]?["cols"]?.intValue == 100)
                try await ws.send("pty:attach", #"{"sessionId":"\#(id)"}"#)
                #expect(try await ws.inbox.next("error")["payload"]?["code"]?.stringValue == "PTY_ALREADY_ATTACHED")
                try await ws.send("pty:data", #"{"sessionId":"\#(id)","data":"stty size; echo pty-$((6*7))\r"}"#)
                #expect(await eventually { Self.output(ws).contains("pty-42") })
                try await ws.send("pty:resize", #"{"sessionId":"\#(id)","cols":90,"rows":20}"#)
                #expect(
                    try await eventually {
                        try await ws.send("pty:data", #"{"sessionId":"\#(id)","data":"stty size\r"}"#)
                        try await Task.sleep(for: .milliseconds(400))
                        let out = try await s.request("GET", "/api/sessions/\(id)/output")
                        return out.json?["lines"]?.arrayValue?.contains { $0.stringValue == "19 90" } == true
                    })
                try await ws.send("pty:selectPane", #"{"sessionId":"\#(id)"}"#)
                try await ws.send("pty:detach", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("pty:detached")
                _ = try await ws.inbox.next("pty:exit")
            }
            #expect(try await s.request("GET", "/api/sessions/\(id)").json?["status"]?.stringValue == "running")
        }
    }

    @Test func readOnlyAttachIgnoresInputAndInvalidPane() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            try await withWS(s.wsURL) { ws in
                try await ws.send("pty:attach", #"{"sessionId":"\#(id)","cols":40,"rows":10,"readOnly":true}"#)
                _ = try await ws.inbox.next("pty:attached")
                try await ws.send("pty:data", #"{"sessionId":"\#(id)","data":"echo typed-$((1+1))\r"}"#)
                // The socket's messages are handled in order: once `pong` is back, the data was
                // handled too. Input through REST after it shows on the stream; the data did not.
                try await ws.send("ping", "{}")
                _ = try await ws.inbox.next("pong")
                _ = try await s.request("POST", "/api/sessions/\(id)/input", body: #"{"input":"echo after-$((2+3))"}"#)
                #expect(await eventually { Self.output(ws).contains("after-5") }, "REST input did not show")
                #expect(!Self.output(ws).contains("typed-2"), "a read-only attach typed into the pane")
                let out = try await s.request("GET", "/api/sessions/\(id)/output")
                #expect(out.json?["lines"]?.arrayValue?.contains { $0.stringValue == "typed-2" } == false)
            }
            let pane = try #require(try await s.request("GET", "/api/sessions/\(id)").json?["pane_id"]?.stringValue)
            try await s.tmux.killPane(pane)
            try await withWS(s.wsURL) { ws in
                try await ws.send("pty:attach", #"{"sessionId":"\#(id)"}"#)
                #expect(try await ws.inbox.next("error")["payload"]?["code"]?.stringValue == "PTY_ATTACH_FAILED")
            }
        }
    }

    @Test func sessionSurvivesRestart() async throws {
        let first = try await TestServer.start()
        let project = try await first.createProject()
        let id = try await first.startSession(project: project)
        await first.stop()
        let second = try await TestServer.start(root: first.root, socket: first.tmux.socketName)
        let session = try await second.request("GET", "/api/sessions/\(id)")
        #expect(session.json?["status"]?.stringValue == "running")
        #expect(
            try await eventually {
                try await second.request("GET", "/api/sessions/\(id)/output").status == 200
            })
        #expect(
            try await second.request("POST", "/api/sessions/\(id)/input", body: #"{"input":"echo after-restart"}"#)
                .status == 200)
        #expect(
            try await eventually {
                let out = try await second.request("GET", "/api/sessions/\(id)/output")
                return out.json?["lines"]?.arrayValue?.contains { $0.stringValue == "after-restart" } == true
            })
        await second.cleanup()
    }

    static func output(_ ws: WSTestConnection) -> String {
        ws.inbox.all.filter { $0["type"]?.stringValue == "pty:output" }
            .compactMap { $0["payload"]?["data"]?.stringValue }.joined()
    }
}
