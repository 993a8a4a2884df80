// Refused callers and refused WebSocket messages are logged, one line each with the peer and the
// path, and no log line at any level ever holds the API key (the server's or a wrong one sent).
import Foundation
import TestSupport
import Testing
import WSClient

@testable import ServerHTTP

@Suite("Refusal logging")
struct RefusalLoggingTests {
    static let key = "k" + String(repeating: "0123456789", count: 4)
    static let wrongKey = "w" + String(repeating: "9876543210", count: 4)

    @Test func refusalsAreLoggedWithoutTheKey() async throws {
        let capture = LogCapture()
        try await TestServer.with(apiKey: Self.key, trustLoopback: false, logger: capture.logger) { s in
            let denied = try await s.request("GET", "/api/projects?x=1", headers: ["X-API-Key": Self.wrongKey])
            #expect(denied.status == 401)
            let close = await RawWebSocketClose.read(port: s.port, path: "/feed?apiKey=\(Self.wrongKey)")
            #expect(close?.code == 4001)
            try await withWS(s.wsURL + "live?apiKey=\(Self.key)") { ws in
                _ = try await ws.inbox.next("agent:snapshot")
                try await ws.send("{nope \(Self.key)")
                _ = try await ws.inbox.next("error")
                try await ws.send("session:subscribe", #"{"sessionId":"\#(Self.key)"}"#)
                _ = try await ws.inbox.next("error")
            }
        }
        let lines = capture.lines
        let http = lines.filter { $0.contains("GET refused: missing or invalid API key") }
        #expect(http.count == 1)
        #expect(http.first?.hasPrefix("warning ") == true)
        #expect(http.first?.contains("path=/api/projects ") == true)
        #expect(http.first?.contains("peer=127.0.0.1:") == true)
        let ws = lines.filter { $0.contains("WebSocket refused: missing or invalid API key") }
        #expect(ws.count == 1)
        #expect(ws.first?.hasPrefix("warning ") == true)
        #expect(ws.first?.contains("path=/feed ") == true)
        let messages = lines.filter { $0.contains("WebSocket message refused") }
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.hasPrefix("notice ") && $0.contains("path=/live ") })
        #expect(messages.contains { $0.contains("code=PARSE_ERROR") })
        #expect(messages.contains { $0.contains("code=INVALID_MESSAGE") && $0.contains("fields=payload.sessionId") })
        for line in lines {
            #expect(!line.contains(Self.key), "\(line)")
            #expect(!line.contains(Self.wrongKey), "\(line)")
        }
    }
}
