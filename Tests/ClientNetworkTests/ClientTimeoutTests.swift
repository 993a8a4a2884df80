// The client's own timeouts, run into: a REST call to a server that takes the request and never
// answers ends as "timed out" (default 15 s), and a terminal stream whose `pty:attach` gets no
// `pty:attached` gives up the link and tries again (default 10 s). Both are set short here; only
// the timeout can end either wait (a stream has no heartbeat until it is attached).

import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite struct ClientTimeoutTests {
    @Test func aRESTCallToAServerThatNeverAnswersTimesOut() async throws {
        let listener = try SilentListener()
        let server = ServerConfig(name: "silent", url: URL(string: "http://127.0.0.1:\(listener.port)")!)
        #expect(RESTClient(server: server, apiKey: nil, tls: nil).timeout == .seconds(15), "the default")
        let client = RESTClient(server: server, apiKey: nil, tls: nil, timeout: .milliseconds(500))
        var failure: ClientNetworkError?
        do { _ = try await client.sessions() } catch { failure = error }
        guard case .timedOut(server: "silent", _) = failure else {
            Issue.record("not a timeout: \(String(describing: failure))")
            return
        }
    }

    @Test func anAttachWithNoReplyIsGivenUpAndTriedAgain() async throws {
        try await stopping(ScriptedWebSocketServer(script: [])) { server in
            var configuration = PTYConnectionMachine.Configuration()
            #expect(configuration.attachTimeout == .seconds(10), "the default")
            configuration.attachTimeout = .milliseconds(300)
            configuration.backoff = Backoff(initial: .milliseconds(100), maximum: .milliseconds(500), jitter: 0.25)
            let pty = PTYConnection(
                server: ServerConfig(name: "mute", url: URL(string: "http://127.0.0.1:\(server.port)")!),
                apiKey: nil, tls: nil, sessionId: "s1", configuration: configuration)
            let recorder = PTYRecorder.follow(pty)
            await pty.open(cols: 80, rows: 24)
            let retried = await eventually {
                let statuses = await recorder.statuses
                guard let attaching = statuses.firstIndex(of: .attaching) else { return false }
                return statuses[attaching...].contains { if case .reconnecting = $0 { true } else { false } }
            }
            let attachedAgain = await eventually { server.received.count { $0.text.contains("\"pty:attach\"") } >= 2 }
            await pty.shutdown()
            let statuses = await recorder.statuses
            #expect(retried, "\(statuses)")
            #expect(attachedAgain, "the second try sends pty:attach again: \(server.received.map(\.text))")
        }
    }
}
