// API key auth: loopback trust, X-API-Key, ?apiKey=, close 4001, health without auth.
import Foundation
import Testing
import WSClient

@testable import ServerHTTP

@Suite("Auth")
struct AuthTests {
    static let key = "k" + String(repeating: "0123456789", count: 4)

    @Test func httpRequiresKeyWhenLoopbackNotTrusted() async throws {
        try await TestServer.with(apiKey: Self.key, trustLoopback: false) { s in
            #expect(try await s.request("GET", "/api/health").status == 200)
            let denied = try await s.request("GET", "/api/projects")
            #expect(denied.status == 401)
            #expect(denied.json?["message"]?.stringValue == "Missing or invalid API key")
            #expect(try await s.request("GET", "/api/projects", headers: ["X-API-Key": "wrong"]).status == 401)
            #expect(try await s.request("GET", "/api/projects", headers: ["X-API-Key": Self.key]).status == 200)
        }
    }

    @Test func loopbackTrustedByDefault() async throws {
        try await TestServer.with(apiKey: Self.key) { s in
            let reply = try await s.request("GET", "/api/projects")
            #expect(reply.status == 200)
        }
    }

    @Test func webSocketClosesWith4001() async throws {
        try await TestServer.with(apiKey: Self.key, trustLoopback: false) { s in
            let close = await RawWebSocketClose.read(port: s.port, path: "/")
            #expect(close?.code == 4001)
            #expect(close?.reason == "Unauthorized: Invalid or missing API key")
            try await withWS(s.wsURL + "?apiKey=\(Self.key)") { ws in
                _ = try await ws.inbox.next("agent:snapshot")
            }
        }
    }
}
