// Decoding never fails on things a newer or different server may send: unknown message types,
// unknown enum values, absent optional fields, extra keys.
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct TolerantDecodingTests {
    @Test func unknownTypeKeepsTheWholeFrame() throws {
        let frame = try Fixture.data("tolerant/server-unknown-type.json")
        let message = try ServerMessage.decode(frame)
        guard case .unknown(let type, let raw) = message else {
            Issue.record("expected .unknown, got \(message)")
            return
        }
        #expect(type == "session:summary")
        #expect(raw["payload"]?["summary"] == .string("done"))
        #expect(try JSONValue.parse(message.encoded()) == JSONValue.parse(frame))
    }

    @Test func knownTypeWithBadPayloadBecomesUnknown() throws {
        let message = try ServerMessage.decode(Fixture.data("tolerant/server-known-type-bad-payload.json"))
        guard case .unknown(let type, let raw) = message else {
            Issue.record("expected .unknown, got \(message)")
            return
        }
        #expect(type == "pty:exit")
        #expect(raw["payload"]?["sessionId"] == .string(ID.session))
    }

    @Test func unknownEnumValuesAndExtraKeys() throws {
        let message = try ServerMessage.decode(Fixture.data("tolerant/server-unknown-enum-values.json"))
        let expected = SessionWaitingPayload(
            sessionId: ID.session, waiting: true, reason: .other("rate_limited"), detectedBy: .other("telepathy"),
            timestamp: at("2025-12-30T18:01:00.000Z"))
        #expect(message == .sessionWaiting(expected))
        let json = try JSONValue.parse(message.encoded())
        #expect(json["payload"]?["reason"] == .string("rate_limited"))
    }

    @Test func sparseSessionDecodesWithDefaults() throws {
        let session = try Fixture.decode(Session.self, "tolerant/rest-session-sparse.json")
        #expect(session.type == .other("review"))
        #expect(session.status == .other("sleeping"))
        #expect(session.source == .api && session.contextPercent == 0)
        #expect(session.ticketId == nil && session.paneName == nil && session.startedAt == nil)
        #expect(!session.includesRefs)
        #expect(session.updatedAt == at("2025-12-30T17:00:00.500Z"))
    }

    @Test func unknownNotificationTypeAndReadField() throws {
        let list = try Fixture.decode(NotificationList.self, "tolerant/rest-notification-unknown-type.json")
        #expect(list.data.first?.type == .other("budget_exceeded"))
        #expect(list.data.first?.session == nil && list.data.first?.ticket == nil)
    }

    @Test func minimalErrorBody() throws {
        let body = try Fixture.decode(ErrorBody.self, "tolerant/rest-error-minimal.json")
        #expect(body == .internalServerError)
    }

    @Test func openEnumsMapKnownSpellingsToNamedCases() {
        #expect(TicketState(rawValue: "in_progress") == .inProgress)
        #expect(TicketState(rawValue: "archived") == .other("archived"))
        #expect(TicketState.other("archived").rawValue == "archived")
        #expect(!TicketState.other("archived").isKnown && TicketState.done.isKnown)
        #expect(WaitingReason(rawValue: "permission_prompt") == .permissionPrompt)
        #expect(DetectionLayer(rawValue: "output_pattern") == .outputPattern)
        #expect(NotificationType(rawValue: "handoff_complete") == .handoffComplete)
        #expect(ReviewTrigger(rawValue: "stop_hook") == .stopHook)
        #expect(TransitionReason(rawValue: "completion_detected") == .completionDetected)
    }

    @Test func everyNamedCaseRoundTripsThroughItsSpelling() throws {
        func check<E: OpenEnum>(_ type: E.Type) throws {
            for value in E.knownCases {
                #expect(E(rawValue: value.rawValue) == value)
                let data = try ClaudePMJSON.encoder().encode([value])
                #expect(try ClaudePMJSON.decoder().decode([E].self, from: data) == [value])
            }
            #expect(Set(E.knownCases.map(\.rawValue)).count == E.knownCases.count)
        }
        try check(SessionStatus.self)
        try check(SessionType.self)
        try check(SessionSource.self)
        try check(TicketState.self)
        try check(NotificationType.self)
        try check(WaitingReason.self)
        try check(DetectionLayer.self)
        try check(TransitionTrigger.self)
        try check(TransitionReason.self)
        try check(ReviewDecision.self)
        try check(ReviewTrigger.self)
        try check(AnalysisStatus.self)
        try check(AnalysisType.self)
        try check(AgentStatus.self)
        try check(ScrollAction.self)
        try check(WSErrorCode.self)
    }

    @Test func framesThatAreNotMessagesThrow() {
        #expect(throws: ProtocolError.self) { try ServerMessage.decode(Data("nope".utf8)) }
        #expect(throws: ProtocolError.self) { try ServerMessage.decode(Data(#"{"payload":{}}"#.utf8)) }
        #expect(throws: ProtocolError.self) { try ServerMessage.decode(Data("[]".utf8)) }
        #expect(throws: ProtocolError.self) { try ClientMessage.decode(Data(#"{"type":null}"#.utf8)) }
    }

    @Test func clientDecodeIsTolerantToo() throws {
        let unknown = try ClientMessage.decode(Data(#"{"type":"session:summary","payload":{}}"#.utf8))
        #expect(unknown.type == "session:summary")
        let badPayload = try ClientMessage.decode(Data(#"{"type":"pty:resize","payload":{"sessionId":"x"}}"#.utf8))
        guard case .unknown = badPayload else {
            Issue.record("expected .unknown, got \(badPayload)")
            return
        }
    }
}
