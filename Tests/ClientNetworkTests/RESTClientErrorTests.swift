import ClientCore
import Foundation
import Testing

@testable import ClientNetwork

@Suite struct RESTClientErrorTests {
    @Test func errorBodiesBecomeReadableText() {
        #expect(RESTClient.errorText(Data(#"{"error":"Session not found: abc"}"#.utf8)) == "Session not found: abc")
        #expect(
            RESTClient.errorText(Data(#"{"error":"Unauthorized","message":"Missing or invalid API key"}"#.utf8))
                == "Unauthorized: Missing or invalid API key")
        #expect(
            RESTClient.errorText(
                Data(#"{"error":"Validation error","details":{"id":["Invalid session ID format"]}}"#.utf8))
                == "Validation error (id: Invalid session ID format)")
        #expect(RESTClient.errorText(Data("plain failure".utf8)) == "plain failure")
    }

    @Test func closedPortIsUnreachableAndTheKeyNeverAppears() async throws {
        let port = try FreePort.closed()
        let secret = "secret-" + UUID().uuidString
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let client = RESTClient(server: ServerConfig(name: "lab", url: url), apiKey: APIKey(secret), tls: nil)
        do {
            _ = try await client.perform("GET", "/api/sessions", resource: "sessions")
            Issue.record("a request to a closed port succeeded")
        } catch {
            guard case .unreachable(let server, _) = error else {
                Issue.record("expected .unreachable, got \(error)")
                return
            }
            #expect(server == "lab")
            #expect(!error.description.contains(secret))
            #expect(!"\(error)".contains(secret))
        }
    }

    @Test func webSocketURLEncodesTheKey() throws {
        let url = try #require(URL(string: "https://pm.example.com:4847?y=1"))
        let server = ServerConfig(name: "w", url: url)
        #expect(
            WebSocketLink.url(for: server, apiKey: APIKey("a+b&c=d/é"))
                == "wss://pm.example.com:4847/?apiKey=a%2Bb%26c%3Dd/%C3%A9")
        #expect(WebSocketLink.url(for: server, apiKey: nil) == "wss://pm.example.com:4847/")
        let proxied = ServerConfig(name: "p", url: try #require(URL(string: "http://h:80/pm/")))
        #expect(WebSocketLink.url(for: proxied, apiKey: APIKey("k")) == "ws://h:80/pm/?apiKey=k")
    }
}
