// Beyond semantic equality: the encoders write keys in upstream's order, compactly, like
// JavaScript's JSON.stringify, so frames are byte-identical to an upstream server's.
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct ByteExactTests {
    static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    @Test func webSocketFrames() throws {
        let pong = ServerMessage.pong(.init(timestamp: at("2025-12-30T18:00:25.000Z")))
        #expect(Self.text(try pong.encoded()) == #"{"type":"pong","payload":{"timestamp":"2025-12-30T18:00:25.000Z"}}"#)
        let waiting = ServerMessage.sessionWaiting(
            .init(
                sessionId: "s", waiting: true, reason: .permissionPrompt, detectedBy: .outputPattern,
                timestamp: at("2025-12-30T18:01:00.000Z")))
        #expect(
            Self.text(try waiting.encoded())
                == #"{"type":"session:waiting","payload":{"sessionId":"s","waiting":true,"reason":"permission_prompt","#
                + #""detectedBy":"output_pattern","timestamp":"2025-12-30T18:01:00.000Z"}}"#)
        #expect(Self.text(try ClientMessage.ping.encoded()) == #"{"type":"ping","payload":{}}"#)
        #expect(
            Self.text(try ClientMessage.ptyResize(sessionId: "s", cols: 100, rows: 30).encoded())
                == #"{"type":"pty:resize","payload":{"sessionId":"s","cols":100,"rows":30}}"#)
    }

    @Test func restObjects() throws {
        let ref = SessionTicketRef(id: "t", externalId: nil, title: "Fix/login")
        #expect(
            Self.text(try ClaudePMJSON.encoder().encode(ref)) == #"{"id":"t","external_id":null,"title":"Fix/login"}"#)
        let counts = TicketCounts(backlog: 1, inProgress: 2, review: 3, done: 4)
        #expect(
            Self.text(try ClaudePMJSON.encoder().encode(counts))
                == #"{"backlog":1,"in_progress":2,"review":3,"done":4}"#)
    }
}

@Suite struct DeterministicEncodingTests {
    @Test func freeFormObjectsAreWrittenInKeyOrder() throws {
        let value = JSONValue.object([
            "b": .number(1), "a": .object(["d": .null, "c": .bool(true)]), "é": .string("/"),
        ])
        let text = String(decoding: try ClaudePMJSON.encoder().encode(value), as: UTF8.self)
        #expect(text == #"{"a":{"c":true,"d":null},"b":1,"é":"/"}"#)
    }

    @Test func stringsAreEscapedLikeJSONStringify() throws {
        let text = String(
            decoding: try ClaudePMJSON.encoder().encode(["q\"\\\n\r\t\u{8}\u{C}\u{1}\u{1F} é😀/"]), as: UTF8.self)
        #expect(text == #"["q\"\\\n\r\t\b\f\u0001\u001f é😀/"]"#)
    }

    @Test func numbersAndNonFiniteValues() throws {
        let text = String(
            decoding: try ClaudePMJSON.encoder().encode([0.5, 3, -0.0, 1e21, 1_767_117_605.5]), as: UTF8.self)
        #expect(text == "[0.5,3,0,1e+21,1767117605.5]")
        #expect(throws: EncodingError.self) { try ClaudePMJSON.encoder().encode([Double.nan]) }
    }

    @Test func invalidMessageDetailsAreStable() throws {
        let issue = ValidationIssue(
            code: "too_big", path: ["payload", "cols"], message: "m",
            attributes: ["maximum": .number(500), "inclusive": .bool(true)])
        let first = try ServerMessage.error(WSError.invalidMessage(issues: [issue])).encoded()
        for _ in 0..<20 {
            #expect(try ServerMessage.error(WSError.invalidMessage(issues: [issue])).encoded() == first)
        }
    }
}

@Suite struct EncoderLayoutTests {
    @Test func prettyPrintedLikeJSONEncoder() throws {
        let encoder = ClaudePMJSON.encoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        let value = CountResponse(count: 2)
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == "{\n  \"count\" : 2\n}")
        let nested = DataList(data: [TicketCounts(backlog: 1), TicketCounts()])
        let text = String(decoding: try encoder.encode(nested), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"data\" : [\n    {\n      \"backlog\" : 1,\n      \"in_progress\" : 0,"))
        #expect(
            String(decoding: try encoder.encode(DataList<String>(data: [])), as: UTF8.self) == "{\n  \"data\" : []\n}")
        #expect(try JSONValue.parse(encoder.encode(nested)) == JSONValue(encoding: nested))
    }

    @Test func sortedKeysOnRequest() throws {
        let encoder = ClaudePMJSON.encoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(TicketCounts(backlog: 1)), as: UTF8.self)
        #expect(text == #"{"backlog":1,"done":0,"in_progress":0,"review":0}"#)
    }
}
