// No web page can act through a loopback-trusted server: a page's POST (a CORS "simple" request,
// text/plain or a form, sent without a preflight) and its WebSocket handshake carry a foreign
// Origin and are refused; a body not sent as JSON is refused with 415 (upstream ignores it). The
// proof is a real tmux pane: after the refused requests and one legitimate input, the pane shows
// the legitimate command's output and nothing of the page's.
import Foundation
import HTTPTypes
import Logging
import ServerCore
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("Cross-site requests")
struct CrossSiteTests {
    static let evil = "http://evil.example"

    @Test func theRule() {
        #expect(CrossSiteRule.refusedOrigin(method: .post, origin: Self.evil) == Self.evil)
        for method in [HTTPRequest.Method.put, .patch, .delete] {
            #expect(CrossSiteRule.refusedOrigin(method: method, origin: "null") == "null")
        }
        #expect(CrossSiteRule.refusedOrigin(method: .get, origin: Self.evil) == nil)
        #expect(CrossSiteRule.refusedOrigin(method: .get, origin: Self.evil, upgrade: true) == Self.evil)
        #expect(CrossSiteRule.refusedOrigin(method: .post, origin: nil) == nil)
        // WebSocket client libraries write the URL they dial; no browser sends these.
        #expect(CrossSiteRule.refusedOrigin(method: .get, origin: "ws://127.0.0.1", upgrade: true) == nil)
        #expect(CrossSiteRule.refusedOrigin(method: .get, origin: "WSS://host.example", upgrade: true) == nil)
        #expect(CrossSiteRule.refusedOrigin(method: .get, origin: "https://host.example", upgrade: true) != nil)
        for origin in ["tauri://localhost", "http://localhost:1420", "http://localhost:5173"] {
            #expect(CrossSiteRule.refusedOrigin(method: .post, origin: origin, upgrade: true) == nil)
        }
        #expect(JSONContentType.accepts("application/json"))
        #expect(JSONContentType.accepts("Application/JSON; charset=UTF-8"))
        #expect(JSONContentType.accepts(#"application/json;charset="utf-8""#))
        for refused in [nil, "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"] {
            #expect(!JSONContentType.accepts(refused), "\(refused ?? "none")")
        }
    }

    @Test func aPageTypesNothingIntoARealPane() async throws {
        let capture = LogCapture()
        try await TestServer.with(logger: capture.logger) { s in
            let project = try await s.createProject()
            let created = try await s.request("POST", "/api/projects/\(project)/sessions", body: "{}")
            let id = try #require(created.json?["id"]?.stringValue)
            let pane = try #require(created.json?["pane_id"]?.stringValue)
            #expect(try await eventually { try await Self.paneText(s, pane).contains("started:") })
            let input = "/api/sessions/\(id)/input"
            let typing = #"{"input":"echo EVIL-$((6*7))"}"#
            // What a page can send without a preflight, from its own site or a DNS-rebound name.
            for (type, origin) in [("text/plain", Self.evil), ("application/x-www-form-urlencoded", "null")] {
                let page = try await RawHTTP.exchange(
                    port: s.port, "POST", input, headers: [("Origin", origin)], body: typing, contentType: type)
                #expect(page.status == 403, "\(type)")
                #expect(page.text.contains("Cross-site request refused: origin \(origin) is not allowed"))
            }
            let keys = try await RawHTTP.exchange(
                port: s.port, "POST", "/api/sessions/\(id)/keys", headers: [("Origin", Self.evil)],
                body: #"{"keys":"C-c"}"#)
            #expect(keys.status == 403)
            // Not JSON, whoever sends it: 415, nothing typed.
            for (type, origin) in [("text/plain", nil), (nil, nil), ("text/plain", "http://localhost:1420")] {
                let headers = origin.map { [("Origin", $0)] } ?? []
                let plain = try await RawHTTP.exchange(
                    port: s.port, "POST", input, headers: headers, body: typing, contentType: type)
                #expect(plain.status == 415, "\(type ?? "no type") from \(origin ?? "no origin")")
                #expect(plain.text.contains("Send JSON bodies with Content-Type: application/json"))
            }
            // A legitimate caller: JSON with a charset, from the Tauri app's origin.
            let legit = try await RawHTTP.exchange(
                port: s.port, "POST", input, headers: [("Origin", "tauri://localhost")],
                body: #"{"input":"echo LEGIT-$((6*7))"}"#, contentType: "application/json; charset=utf-8")
            #expect(legit.status == 200)
            #expect(try await eventually { try await Self.paneText(s, pane).contains("LEGIT-42") })
            // tmux runs input in order: had a refused request been typed, it would show before this.
            #expect(!(try await Self.paneText(s, pane)).contains("EVIL"))
        }
        let refusals = capture.lines.filter { $0.contains("refused: cross-site request") }
        #expect(refusals.count == 3)
        #expect(refusals.first?.contains("origin=\(Self.evil)") == true && refusals.first?.hasPrefix("warning") == true)
    }

    @Test func bodylessPostsAndReadsStillWork() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let focus = try await RawHTTP.exchange(port: s.port, "POST", "/api/sessions/\(id)/focus")
            #expect(focus.status == 200)
            let stop = try await RawHTTP.exchange(
                port: s.port, "POST", "/api/sessions/\(id)/stop", headers: [("Content-Type", "text/plain")])
            #expect(stop.status == 200)
            let read = try await RawHTTP.exchange(
                port: s.port, "GET", "/api/sessions/\(id)", headers: [("Origin", Self.evil)])
            #expect(read.status == 200)
            #expect(read.header("Access-Control-Allow-Origin") == nil)
            let delete = try await RawHTTP.exchange(
                port: s.port, "DELETE", "/api/projects/\(project)", headers: [("Origin", Self.evil)])
            #expect(delete.status == 403)
            #expect(try await s.request("GET", "/api/projects/\(project)").status == 200)
        }
    }

    @Test func theRefusalHoldsWithAKeyAndWithoutLoopbackTrust() async throws {
        let key = "k" + String(repeating: "1357924680", count: 4)
        try await TestServer.with(apiKey: key, trustLoopback: false) { s in
            let reply = try await RawHTTP.exchange(
                port: s.port, "POST", "/api/projects", headers: [("Origin", Self.evil), ("X-API-Key", key)],
                body: #"{"name":"x","repo_path":"\#(s.repo.path)","tmux_session":"main"}"#)
            #expect(reply.status == 403)
            #expect(reply.header("Vary") == "Origin")
            let projects = try await s.request("GET", "/api/projects", headers: ["X-API-Key": key])
            #expect(projects.json?["data"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test func aHookNotSentAsJSONIsIgnoredWithAWarning() async throws {
        try await TestServer.with { s in
            let hook = try await RawHTTP.exchange(
                port: s.port, "POST", "/api/hooks/claude",
                body: #"{"hook_event_name":"Notification","notification_type":"permission_prompt"}"#,
                contentType: "application/x-www-form-urlencoded")
            #expect(hook.status == 200)
            let json = try #require(AnyJSON.parse(Data(hook.body)))
            #expect(json["received"]?.boolValue == true)
            #expect(json["warning"]?.stringValue?.hasPrefix("Body ignored. Send JSON bodies") == true)
        }
    }

    @Test func aWebSocketHandshakeFromAForeignOriginIsRefused() async throws {
        try await TestServer.with { s in
            for (origin, status) in [(Self.evil, 400), ("null", 400), ("tauri://localhost", 101), (nil, 101)] {
                var headers = [
                    ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Version", "13"),
                    ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
                ]
                if let origin { headers.append(("Origin", origin)) }
                let reply = try await RawHTTP.exchange(port: s.port, "GET", "/", headers: headers, headersOnly: true)
                #expect(reply.status == status, "\(origin ?? "no origin")")
            }
        }
    }

    static func paneText(_ s: TestServer, _ pane: String) async throws -> String {
        try await s.tmux.capturePane(pane, historyLines: 200, escapes: false).joined(separator: "\n")
    }
}
