// `RESTClient.streamsPanes` trusts only claudepm-server's own gauge: another server's metrics
// page (a fork of the upstream server that exports Prometheus text, say) or any other 200 is no
// pane-stream support, so its tiles never become tmux clients.
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite struct PaneStreamProbeTests {
    static func answering(_ body: String, status: String = "200 OK") throws -> (TCPEchoServer, RESTClient) {
        let reply =
            "HTTP/1.1 \(status)\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n\(body)"
        let server = try TCPEchoServer(answer: Array(reply.utf8))
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        return (server, RESTClient(server: ServerConfig(name: "probe", url: url), apiKey: nil, tls: nil))
    }

    @Test func anotherServersMetricsAreNoPaneStreams() async throws {
        let (server, rest) = try Self.answering("# TYPE http_requests_total counter\nhttp_requests_total 7\n")
        #expect(await !rest.streamsPanes())
        withExtendedLifetime(server) {}
    }

    @Test func theGaugeInA2xxAnswerIsPaneStreams() async throws {
        let (server, rest) = try Self.answering(
            "# TYPE claudepm_pty_streams_open gauge\n\(RESTClient.paneStreamGauge) 0\n")
        #expect(await rest.streamsPanes())
        withExtendedLifetime(server) {}
    }

    @Test func theGaugeInAnErrorIsNot() async throws {
        let (server, rest) = try Self.answering("\(RESTClient.paneStreamGauge) 0\n", status: "404 Not Found")
        #expect(await !rest.streamsPanes())
        withExtendedLifetime(server) {}
    }
}
