// The session:output peek must only ever say yes to what the general decoder reads as
// `session:output`: the shared encoder's frames are recognised, other types and shapes are not
// (the caller then decodes them).
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct MessageTypePeekTests {
    @Test func recognisesTheEncodersSessionOutputFrames() throws {
        let payload = SessionOutputPayload(sessionId: "s1", lines: ["a", "\u{1B}[1mb"], raw: true)
        let frame = String(decoding: try ServerMessage.sessionOutput(payload).encoded(), as: UTF8.self)
        #expect(MessageTypePeek.isSessionOutput(frame), "\(frame)")
        #expect(Self.peekBytes(frame), "the byte peek disagrees: \(frame)")
        guard case .sessionOutput = try ServerMessage.decode(Data(frame.utf8)) else {
            Issue.record("the general decoder disagrees: \(frame)")
            return
        }
    }

    @Test(arguments: [
        #"{"type":"session:status","payload":{"sessionId":"s1"}}"#,
        #"{"type": "session:output","payload":{}}"#,
        #"{"payload":{"sessionId":"s1","lines":[],"raw":true},"type":"session:output"}"#,
        #"{"type":"session:outputs","payload":{}}"#,
        #" {"type":"session:output","payload":{}}"#,
        "",
    ])
    func saysNoToAnythingElse(frame: String) {
        #expect(!MessageTypePeek.isSessionOutput(frame))
        #expect(!Self.peekBytes(frame))
    }

    private static func peekBytes(_ frame: String) -> Bool {
        var copy = frame
        return copy.withUTF8 { MessageTypePeek.isSessionOutput($0) }
    }
}
