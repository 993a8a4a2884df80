// `--upstream-compat`, the tests' stand-in for an upstream server (issue 35): a `pty:attach`
// that asks for a read-only pane stream gets what upstream gives, an interactive tmux client on a
// PTY at the asked size, answered without `stream`; and `GET /api/metrics`, the extension
// claudepm tells the servers apart by, is not served.
import Foundation
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("Upstream stand-in")
struct UpstreamCompatTests {
    /// The tmux clients of the server's tmux but its own control-mode ones: size and flags.
    private static func clients(_ s: TestServer) async throws -> [String] {
        try await s.tmux.run([
            "list-clients", "-F", "#{client_control_mode} #{client_width}x#{client_height} #{client_flags}",
        ])
        .split(separator: "\n").filter { $0.hasPrefix("0 ") }.map { String($0.dropFirst(2)) }
    }

    @Test func attachIgnoresTheStreamExtensionsAndMetricsAreNotServed() async throws {
        try await TestServer.with(upstreamCompat: true) { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            #expect(try await Self.clients(s).isEmpty)
            try await withWS(s.wsURL) { ws in
                try await ws.send(
                    "pty:attach", #"{"sessionId":"\#(id)","cols":70,"rows":20,"readOnly":true,"stream":"pane"}"#)
                let attached = try await ws.inbox.next("pty:attached")
                #expect(attached["payload"]?["stream"]?.stringValue == nil)
                _ = try await ws.inbox.next("pty:output")
                #expect(
                    try await eventually {
                        let clients = try await Self.clients(s)
                        return clients.count == 1 && clients[0].hasPrefix("70x20 ")
                    })
                let flags = try await Self.clients(s).first ?? ""
                #expect(!flags.contains("read-only") && !flags.contains("ignore-size"), "\(flags)")
                try await ws.send("pty:detach", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("pty:detached")
                #expect(try await eventually { try await Self.clients(s).isEmpty })
            }
            let metrics = try await s.request("GET", "/api/metrics")
            #expect(metrics.status == 404)
        }
    }

    @Test func withoutTheOptionMetricsAreServed() async throws {
        try await TestServer.with { s in
            let metrics = try await s.request("GET", "/api/metrics")
            #expect(metrics.status == 200)
        }
    }
}
