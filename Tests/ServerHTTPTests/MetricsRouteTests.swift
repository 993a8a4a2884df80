// GET /api/metrics: behind the key, Prometheus text, and counting what really happened: sockets
// opened, refused and closed, messages each way, and PTY streams by kind while they are attached.
import Foundation
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("Metrics route")
struct MetricsRouteTests {
    static let key = "m" + String(repeating: "1357924680", count: 4)

    /// The value of the sample line `name` (with its labels, exactly as exposed).
    static func sample(_ text: String, _ name: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
    }

    @Test func countsSocketsAndIsBehindTheKey() async throws {
        try await TestServer.with(apiKey: Self.key, trustLoopback: false) { s in
            let auth = [("X-API-Key", Self.key)]
            #expect(try await RawHTTP.exchange(port: s.port, "GET", "/api/metrics").status == 401)
            let before = try await RawHTTP.exchange(port: s.port, "GET", "/api/metrics", headers: auth)
            #expect(before.status == 200)
            #expect(before.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(Self.sample(before.text, "claudepm_websockets_opened_total") == 0)
            #expect(await RawWebSocketClose.read(port: s.port, path: "/x?apiKey=wrong")?.code == 4001)
            try await withWS(s.wsURL + "x?apiKey=\(Self.key)") { ws in
                _ = try await ws.inbox.next("agent:snapshot")
                try await ws.send(#"{"type":"ping","payload":{}}"#)
                _ = try await ws.inbox.next("pong")
                let open = try await RawHTTP.exchange(port: s.port, "GET", "/api/metrics", headers: auth).text
                #expect(Self.sample(open, "claudepm_websockets_open") == 1)
            }
            #expect(
                try await eventually {
                    let text = try await RawHTTP.exchange(port: s.port, "GET", "/api/metrics", headers: auth).text
                    return Self.sample(text, #"claudepm_websockets_closed_total{reason="peer"}"#) == 1
                })
            let after = try await RawHTTP.exchange(port: s.port, "GET", "/api/metrics", headers: auth).text
            #expect(Self.sample(after, "claudepm_websockets_opened_total") == 1)
            #expect(Self.sample(after, "claudepm_websockets_refused_total") == 1)
            #expect(Self.sample(after, "claudepm_websockets_open") == 0)
            #expect(Self.sample(after, "claudepm_ws_messages_received_total") == 1)
            #expect((Self.sample(after, "claudepm_ws_messages_sent_total") ?? 0) >= 2)
        }
    }

    @Test func paneStreamsAreCountedWhileAttached() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let gauge = #"claudepm_pty_streams_open{kind="pane"}"#
            try await withWS(s.wsURL) { ws in
                try await ws.send("pty:attach", #"{"sessionId":"\#(id)","cols":80,"rows":24,"stream":"pane"}"#)
                _ = try await ws.inbox.next("pty:snapshot")
                let text = try await RawHTTP.exchange(port: s.port, "GET", "/api/metrics").text
                #expect(Self.sample(text, gauge) == 1)
                #expect((Self.sample(text, "claudepm_pane_snapshots") ?? 0) >= 1)
                #expect((Self.sample(text, "claudepm_pane_mirrors") ?? 0) >= 1)
                try await ws.send("pty:detach", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("pty:detached")
            }
            let text = try await RawHTTP.exchange(port: s.port, "GET", "/api/metrics").text
            #expect(Self.sample(text, gauge) == 0)
        }
    }
}
