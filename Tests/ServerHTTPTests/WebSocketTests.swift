// WebSocket protocol: snapshot, ping, validation errors, subscribe/input/keys, rate and size limits.
import Foundation
import TestSupport
import Testing
import WSClient

@testable import ServerHTTP

@Suite("WebSocket")
struct WebSocketTests {
    @Test func snapshotPingAndErrors() async throws {
        try await TestServer.with { s in
            try await withWS(s.wsURL + "any/path") { ws in
                let snapshot = try await ws.inbox.next("agent:snapshot")
                #expect(snapshot["payload"]?["agents"] == .array([]))
                try await ws.send(#"{"type":"ping"}"#)
                #expect(try await ws.inbox.next("pong")["payload"]?["timestamp"]?.stringValue?.hasSuffix("Z") == true)
                try await ws.send("{nope")
                #expect(try await ws.inbox.next("error")["payload"]?["code"]?.stringValue == "PARSE_ERROR")
                try await ws.send("pty:resize", #"{"sessionId":"\#(UUID().uuidString)","cols":"80","rows":24}"#)
                let invalid = try await ws.inbox.next("error")
                #expect(invalid["payload"]?["code"]?.stringValue == "INVALID_MESSAGE")
                #expect(invalid["payload"]?["details"]?["issues"]?.arrayValue?.isEmpty == false)
                let unknown = UUID().uuidString.lowercased()
                try await ws.send("session:subscribe", #"{"sessionId":"\#(unknown)"}"#)
                #expect(
                    try await ws.inbox.next("error")["payload"]?["message"]?.stringValue
                        == "Session not found: \(unknown)")
                try await ws.send("session:unsubscribe", #"{"sessionId":"\#(unknown)"}"#)
                _ = try await ws.inbox.next("unsubscribed")
                try await ws.send("session:input", #"{"sessionId":"\#(unknown)","text":"x"}"#)
                #expect(try await ws.inbox.next("error")["payload"]?["code"]?.stringValue == "NOT_SUBSCRIBED")
                try await ws.send("pty:data", #"{"sessionId":"\#(unknown)","data":"x"}"#)
                #expect(try await ws.inbox.next("error")["payload"]?["code"]?.stringValue == "PTY_NOT_ATTACHED")
            }
        }
    }

    @Test func subscribeInputKeysAndStatus() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            try await withWS(s.wsURL) { ws in
                try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                #expect(try await ws.inbox.next("subscribed")["payload"]?["sessionId"]?.stringValue == id)
                try await ws.send("session:input", #"{"sessionId":"\#(id)","text":"echo ws-input-ok"}"#)
                #expect(try await eventually { Self.latestLines(ws).contains("ws-input-ok") })
                try await ws.send("session:keys", #"{"sessionId":"\#(id)","keys":"echo raw-keys-ok\r"}"#)
                #expect(try await eventually { Self.latestLines(ws).contains("raw-keys-ok") })
                _ = try await s.request("POST", "/api/sessions/\(id)/stop", body: #"{"force":true}"#)
                let status = try await ws.inbox.next("session:status")
                #expect(status["payload"]?["previousStatus"]?.stringValue == "running")
                #expect(status["payload"]?["newStatus"]?.stringValue == "completed")
                try await ws.send("session:input", #"{"sessionId":"\#(id)","text":"late"}"#)
                let failed = try await ws.inbox.next("error")
                #expect(failed["payload"]?["code"]?.stringValue == "INPUT_FAILED")
            }
        }
    }

    /// Captures between publishes take the screen alone (they only feed the waiting detector);
    /// every snapshot that goes out still reaches ~100 rows into the history, as upstream's do.
    @Test func everyPublishedSnapshotReachesIntoTheHistory() async throws {
        try await TestServer.withSubscribedSession { _, id, ws in
            // Busy for several publish intervals (300 ms here), then quiet.
            let loop = "for i in $(seq 1 200); do echo row$i; sleep 0.01; done; echo rows-done"
            try await ws.send("session:input", #"{"sessionId":"\#(id)","text":"\#(loop)"}"#)
            #expect(try await eventually(within: 60) { Self.latestLines(ws).contains("rows-done") })
            let snapshots = ws.inbox.all.filter { $0["type"]?.stringValue == "session:output" }.map {
                $0["payload"]?["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
            }
            var checked = 0
            for lines in snapshots {
                let rows = lines.compactMap { $0.hasPrefix("row") ? Int($0.dropFirst(3)) : nil }
                // A snapshot showing row N (N ≥ 90) shows row N - 80 too: history, not screen.
                guard let newest = rows.max(), newest >= 90 else { continue }
                #expect(rows.contains(newest - 80), "snapshot up to row\(newest) lacks its history")
                checked += 1
            }
            #expect(checked >= 2, "snapshots while and after the rows were printed")
        }
    }

    /// The lines of the newest `session:output` snapshot received.
    static func latestLines(_ ws: WSTestConnection) -> [String] {
        let last = ws.inbox.all.last { $0["type"]?.stringValue == "session:output" }
        return last?["payload"]?["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test func ticketStateBroadcast() async throws {
        try await TestServer.with { s in
            try TicketTests.writeTickets(s)
            let project = try await s.createProject()
            let id = try #require(
                try await s.request("GET", "/api/projects/\(project)/tickets").json?["data"]?[0]?["id"]?.stringValue)
            try await withWS(s.wsURL) { ws in
                _ = try await ws.inbox.next("agent:snapshot")
                _ = try await s.request("PATCH", "/api/tickets/\(id)", body: #"{"state":"done"}"#)
                let event = try await ws.inbox.next("ticket:state")
                #expect(event["payload"]?["newState"]?.stringValue == "done")
                #expect(event["payload"]?["trigger"]?.stringValue == "manual")
                #expect(event["payload"]?["feedback"] == nil)
            }
        }
    }

    @Test func rateLimitKeepsSocketOpen() async throws {
        try await TestServer.with { s in
            try await withWS(s.wsURL) { ws in
                for _ in 0..<105 { try await ws.send(#"{"type":"ping"}"#) }
                let limited = try await ws.inbox.next("error")
                #expect(limited["payload"]?["code"]?.stringValue == "RATE_LIMITED")
                #expect(limited["payload"]?["message"]?.stringValue == "Too many messages, please slow down")
                // Every one of the 105 gets an answer, in order: 100 pongs, then 5 refusals.
                let count = { (type: String) in ws.inbox.all.filter { $0["type"]?.stringValue == type }.count }
                #expect(await eventually { count("pong") + count("error") >= 105 }, "not every message was answered")
                #expect(count("pong") == 100)
                #expect(count("error") == 5)
            }
        }
    }

    @Test func oversizedMessageClosesWith1009() async throws {
        try await TestServer.with { s in
            let close = try await withWS(s.wsURL) { ws in
                _ = try await ws.inbox.next("agent:snapshot")
                try await ws.send(String(repeating: "x", count: 70_000))
                try await ws.inbox.waitClosed()
            }
            #expect(close?.closeCode == .messageTooLarge)
        }
    }

    @Test func shutdownClosesWith1001() async throws {
        let s = try await TestServer.start()
        let close = try await withWS(s.wsURL) { ws in
            _ = try await ws.inbox.next("agent:snapshot")
            Task { await s.stop() }
            try await ws.inbox.waitClosed()
        }
        #expect(close?.closeCode == .goingAway)
        #expect(close?.reason == "Server shutting down")
        await s.cleanup()
    }
}
