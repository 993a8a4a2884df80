// What a terminal stream makes of each frame: output and snapshots are bytes, a frame that is not
// JSON and messages the stream has no use for are told apart (each kind is logged once, never
// shown), so nothing is dropped without a word.
import Testing

@testable import ClientNetwork

@Suite struct PTYInboundTests {
    @Test func framesAreToldApart() {
        if case .bytes(let bytes) = PTYConnection.Inbound(
            frame: #"{"type":"pty:output","payload":{"sessionId":"s","data":"hi"}}"#)
        {
            #expect(bytes == Array("hi".utf8))
        } else {
            Issue.record("pty:output is bytes")
        }
        guard case .notJSON = PTYConnection.Inbound(frame: "<html>proxy error</html>") else {
            Issue.record("an HTML frame is not JSON")
            return
        }
        let status =
            #"{"type":"session:status","payload":{"sessionId":"s","previousStatus":"running","#
            + #""newStatus":"completed","timestamp":"2026-11-25T20:00:00.000Z"}}"#
        guard case .ignored(let type) = PTYConnection.Inbound(frame: status) else {
            Issue.record("session:status is not for a terminal stream")
            return
        }
        #expect(type == "session:status")
        guard case .ignored(let unknown) = PTYConnection.Inbound(frame: #"{"type":"future:thing","payload":{}}"#)
        else {
            Issue.record("an unknown type is ignored")
            return
        }
        #expect(unknown == "future:thing")
    }
}
