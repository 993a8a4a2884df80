// What a terminal stream makes of each frame: output and snapshots are bytes; a frame that is not
// JSON and a message of an unknown type are told apart and logged once per kind (never shown);
// known messages the stream has no use for (the agent:snapshot every socket gets) are dropped
// without a log line, as they are expected.
import Testing

@testable import ClientNetwork

@Suite struct PTYInboundTests {
    @Test func framesAreToldApart() {
        if case .bytes(let bytes) = PTYConnection.Inbound(
            frame: LinkMessage(text: #"{"type":"pty:output","payload":{"sessionId":"s","data":"hi"}}"#))
        {
            #expect(bytes == Array("hi".utf8))
        } else {
            Issue.record("pty:output is bytes")
        }
        guard case .notJSON = PTYConnection.Inbound(frame: LinkMessage(text: "<html>proxy error</html>")) else {
            Issue.record("an HTML frame is not JSON")
            return
        }
        let status =
            #"{"type":"session:status","payload":{"sessionId":"s","previousStatus":"running","#
            + #""newStatus":"completed","timestamp":"2026-11-25T20:00:00.000Z"}}"#
        guard case .ignored = PTYConnection.Inbound(frame: LinkMessage(text: status)) else {
            Issue.record("session:status is a known message a terminal stream does not use: not logged")
            return
        }
        guard
            case .unknownType(let unknown) = PTYConnection.Inbound(
                frame: LinkMessage(text: #"{"type":"future:thing","payload":{}}"#))
        else {
            Issue.record("an unknown type is told apart (logged once)")
            return
        }
        #expect(unknown == "future:thing")
    }
}
