import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@Suite struct SmokeTests {
    @Test func serverMessageRoundTrip() throws {
        let text =
            #"{"type":"session:waiting","payload":{"sessionId":"a","waiting":true,"timestamp":"2025-12-30T18:00:00.000Z"}}"#
        let message = try ServerMessage.decode(Data(text.utf8))
        guard case .sessionWaiting(let payload) = message else {
            Issue.record("got \(message)")
            return
        }
        #expect(payload.waiting && payload.reason == nil)
        #expect(JSONAssertions.semanticallyEqual(try message.encoded(), Data(text.utf8)))
    }

    @Test func sessionEncodesNulls() throws {
        let date = Date(timeIntervalSince1970: 0)
        let session = Session(
            id: "s", projectId: "p", type: .adhoc, status: .running, source: .api, paneId: "%1", createdAt: date,
            updatedAt: date)
        let json = try JSONValue(encoding: session)
        #expect(json["ticket_id"] == .null)
        #expect(json["project"] == .null)
        #expect(json["started_at"] == .null)
        #expect(json["created_at"] == .string("1970-01-01T00:00:00.000Z"))
        #expect(try JSONValue(encoding: session.withoutRefs())["project"] == nil)
    }

    @Test func validateRejectsBadUUID() {
        let result = ClientMessage.validate(Data(#"{"type":"session:subscribe","payload":{"sessionId":"x"}}"#.utf8))
        guard case .failure(.invalid(let issues)) = result else {
            Issue.record("got \(result)")
            return
        }
        #expect(issues.map(\.code) == ["invalid_string"])
        #expect(issues.first?.path == ["payload", "sessionId"])
    }
}
