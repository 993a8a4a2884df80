// An HTML page where the server's JSON was expected (a captive portal, a proxy, another web
// server on the port) is reported as such, not as a JSON decoding error.
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite struct CaptivePortalTests {
    @Test func anHTMLAnswerToTheHealthProbeIsNamed() async throws {
        let page = "<!DOCTYPE html><html><body>Sign in to the hotel Wi-Fi</body></html>"
        let reply =
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: \(page.utf8.count)\r\n"
            + "Connection: close\r\n\r\n\(page)"
        let portal = try TCPEchoServer(answer: Array(reply.utf8))
        let url = try #require(URL(string: "http://127.0.0.1:\(portal.port)"))
        let rest = RESTClient(server: ServerConfig(name: "hotel", url: url), apiKey: nil, tls: nil)
        do {
            _ = try await rest.health()
            Issue.record("an HTML page was taken for the health answer")
        } catch {
            #expect(error.description.contains("the answer is an HTML page"), "\(error.description)")
        }
    }

    @Test func htmlIsRecognisedAfterWhiteSpaceAndJSONIsNot() {
        #expect(RESTClient.looksLikeHTML(Data("\n  <html>".utf8)))
        #expect(!RESTClient.looksLikeHTML(Data(#"{"status":"ok"}"#.utf8)))
        #expect(!RESTClient.looksLikeHTML(Data()))
    }
}
