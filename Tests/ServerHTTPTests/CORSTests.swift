// CORS as the upstream server sends it (Node `cors` with its origin list and credentials): allowed
// origins echoed, others not, every OPTIONS a 204 preflight that needs no key.
import Foundation
import Testing

@testable import ServerHTTP

@Suite("CORS")
struct CORSTests {
    static let key = "k" + String(repeating: "0123456789", count: 4)

    @Test func originRule() {
        typealias CORS = UpstreamCORSMiddleware<ServerRequestContext>
        for origin in ["tauri://localhost", "http://localhost:1420", "http://127.0.0.1:1420", "http://localhost:5173"] {
            #expect(CORS.isAllowed(origin), "\(origin)")
        }
        let refused = [
            "http://evil.example", "http://localhost", "http://localhost:", "http://localhost:80x",
            "https://localhost:1420", "http://127.0.0.1:5173", "TAURI://localhost", "null",
        ]
        for origin in refused { #expect(!CORS.isAllowed(origin), "\(origin)") }
    }

    @Test func allowedOriginIsEchoedWithCredentials() async throws {
        try await TestServer.with { s in
            for origin in ["tauri://localhost", "http://localhost:1420", "http://localhost:3000"] {
                let reply = try await RawHTTP.exchange(
                    port: s.port, "GET", "/api/health", headers: [("Origin", origin)])
                #expect(reply.status == 200)
                #expect(reply.values("Access-Control-Allow-Origin") == [origin])
                #expect(reply.header("Access-Control-Allow-Credentials") == "true")
                #expect(reply.header("Vary") == "Origin")
            }
        }
    }

    @Test func disallowedOrMissingOriginGetsNoAllowOrigin() async throws {
        try await TestServer.with { s in
            let evil = try await RawHTTP.exchange(
                port: s.port, "GET", "/api/projects", headers: [("Origin", "http://evil.example")])
            #expect(evil.status == 200)
            #expect(evil.header("Access-Control-Allow-Origin") == nil)
            #expect(evil.header("Vary") == "Origin")
            let none = try await RawHTTP.exchange(port: s.port, "GET", "/api/projects")
            #expect(none.header("Access-Control-Allow-Origin") == nil)
            #expect(none.header("Access-Control-Allow-Credentials") == "true")
        }
    }

    @Test func preflightIs204WithoutKey() async throws {
        try await TestServer.with(apiKey: Self.key, trustLoopback: false) { s in
            let reply = try await RawHTTP.exchange(
                port: s.port, "OPTIONS", "/api/projects",
                headers: [
                    ("Origin", "tauri://localhost"), ("Access-Control-Request-Method", "POST"),
                    ("Access-Control-Request-Headers", "content-type,x-api-key"),
                ])
            #expect(reply.status == 204)
            #expect(reply.body.isEmpty)
            #expect(reply.header("Access-Control-Allow-Origin") == "tauri://localhost")
            #expect(reply.header("Access-Control-Allow-Credentials") == "true")
            #expect(reply.header("Access-Control-Allow-Methods") == "GET,HEAD,PUT,PATCH,POST,DELETE")
            #expect(reply.header("Access-Control-Allow-Headers") == "content-type,x-api-key")
            #expect(reply.header("Vary") == "Origin, Access-Control-Request-Headers")
            #expect(reply.header("Access-Control-Max-Age") == nil)
            // A disallowed origin's preflight is answered too, without Allow-Origin; so is an unknown path.
            let evil = try await RawHTTP.exchange(
                port: s.port, "OPTIONS", "/no/such/route", headers: [("Origin", "http://evil.example")])
            #expect(evil.status == 204)
            #expect(evil.header("Access-Control-Allow-Origin") == nil)
            #expect(evil.header("Access-Control-Allow-Headers") == nil)
            #expect(evil.header("Access-Control-Allow-Methods") == "GET,HEAD,PUT,PATCH,POST,DELETE")
        }
    }

    @Test func errorsCarryCORSHeaders() async throws {
        try await TestServer.with(apiKey: Self.key, trustLoopback: false) { s in
            let denied = try await RawHTTP.exchange(
                port: s.port, "GET", "/api/projects", headers: [("Origin", "http://localhost:1420")])
            #expect(denied.status == 401)
            #expect(denied.header("Access-Control-Allow-Origin") == "http://localhost:1420")
            let missing = try await RawHTTP.exchange(
                port: s.port, "GET", "/nope", headers: [("Origin", "http://localhost:1420")])
            #expect(missing.status == 404)
            #expect(missing.header("Access-Control-Allow-Origin") == "http://localhost:1420")
        }
    }
}
