// The server's WebSocket frames against the client's model: every text frame of a session's life
// (snapshot, pong, errors, subscribe, output, status, waiting, notification, ticket state, PTY
// attach/output/detach/exit) decodes as a known ClaudePMProtocol `ServerMessage` and re-encodes to
// the very same bytes.
import ClaudePMProtocol
import Foundation
import Testing

@testable import ServerHTTP

@Suite("WebSocket conformance")
struct WSConformanceTests {
    @Test func everyFrameDecodesAndReencodesExactly() async throws {
        try await TestServer.with { s in
            try TicketTests.writeTickets(s)
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let ticket = try #require(
                try await s.request("GET", "/api/projects/\(project)/tickets").json?["data"]?[0]?["id"]?.stringValue)
            try await withWS(s.wsURL) { ws in
                try await ws.send(#"{"type":"ping","payload":{}}"#)
                _ = try await ws.inbox.next("pong")
                try await ws.send("{nope")
                try await ws.send("pty:resize", #"{"sessionId":"\#(id)","cols":0,"rows":24}"#)
                try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("session:output", within: 30)
                let hook =
                    #"{"hook_event_name":"Notification","notification_type":"permission_prompt","claudepm_session_id":"\#(id)"}"#
                _ = try await s.request("POST", "/api/hooks/claude", body: hook)
                _ = try await ws.inbox.next("session:waiting")
                _ = try await ws.inbox.next("notification")
                _ = try await s.request("PATCH", "/api/tickets/\(ticket)", body: #"{"state":"review"}"#)
                _ = try await s.request(
                    "POST", "/api/tickets/\(ticket)/reject", body: #"{"feedback":"more \"tests\""}"#)
                _ = try await ws.inbox.next("ticket:state")
                try await ws.send("pty:attach", #"{"sessionId":"\#(id)","cols":80,"rows":24}"#)
                _ = try await ws.inbox.next("pty:attached")
                _ = try await ws.inbox.next("pty:output")
                try await ws.send("pty:detach", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("pty:exit")
                try await ws.send("session:unsubscribe", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("unsubscribed")
                _ = try await s.request("POST", "/api/sessions/\(id)/stop", body: #"{"force":true}"#)
                try Self.check(ws.inbox.rawTexts)
            }
        }
    }

    static func check(_ frames: [String]) throws {
        let types = Set(frames.compactMap { AnyJSON.parse(Data($0.utf8))?["type"]?.stringValue })
        #expect(
            types.isSuperset(of: [
                "agent:snapshot", "pong", "error", "subscribed", "session:output", "session:waiting", "notification",
                "ticket:state", "pty:attached", "pty:output", "pty:detached", "pty:exit", "unsubscribed",
            ]), "\(types.sorted())")
        for frame in frames {
            let message = try ServerMessage.decode(Data(frame.utf8))
            if case .unknown(let type, _) = message { Issue.record("unknown message type \(type)") }
            let again = String(decoding: try message.encoded(), as: UTF8.self)
            #expect(again == frame)
        }
    }
}
