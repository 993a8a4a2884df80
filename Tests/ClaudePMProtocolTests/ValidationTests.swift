// Server-side validation of client frames against upstream's Zod rules (§3.2, §3.4).
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct ValidationTests {
    static let id = ID.session

    static func validate(_ text: String) -> Result<ClientMessage, ClientMessageError> {
        ClientMessage.validate(Data(text.utf8))
    }

    static func issues(_ text: String) -> [ValidationIssue] {
        if case .failure(.invalid(let issues)) = validate(text) { return issues }
        return []
    }

    static func frame(_ type: String, _ payload: String) -> String {
        #"{"type":"\#(type)","payload":\#(payload)}"#
    }

    @Test(arguments: ["", "{", "not json", #"{"type":"ping""#, "\u{FF}"])
    func nonJSONIsAParseError(text: String) {
        guard case .failure(let error) = Self.validate(text), case .parse = error else {
            Issue.record("expected .parse for \(text)")
            return
        }
        #expect(error.errorPayload == WSError.parseError)
        #expect(error.errorPayload.message == "Invalid JSON")
    }

    @Test func nonObjectIsInvalidType() {
        let issues = Self.issues("[1,2]")
        #expect(issues.map(\.code) == ["invalid_type"])
        #expect(issues.first?.path == [])
        #expect(issues.first?.attributes["received"] == .string("array"))
    }

    @Test(arguments: [#"{"type":"session:summary","payload":{}}"#, #"{"payload":{}}"#, #"{"type":7}"#])
    func unknownTypeIsInvalidDiscriminator(text: String) throws {
        let issues = Self.issues(text)
        let issue = try #require(issues.first)
        #expect(issues.count == 1)
        #expect(issue.code == "invalid_union_discriminator")
        #expect(issue.path == ["type"])
        #expect(issue.message.hasPrefix("Invalid discriminator value. Expected 'session:subscribe' | "))
        #expect(issue.attributes["options"]?.arrayValue?.count == 10)
    }

    @Test(arguments: [
        ("9B2E4F6A-1C3D-4E5F-A6B7-C8D9E0F1A2B3", true), ("9b2e4f6a-1c3d-4e5f-a6b7-c8d9e0f1a2b3", true),
        ("00000000-0000-0000-0000-000000000000", true), ("9b2e4f6a1c3d4e5fa6b7c8d9e0f1a2b3", false),
        ("9b2e4f6a-1c3d-4e5f-a6b7-c8d9e0f1a2b", false), ("9b2e4f6a-1c3d-4e5f-a6b7-c8d9e0f1a2bg", false),
        ("{9b2e4f6a-1c3d-4e5f-a6b7-c8d9e0f1a2b3}", false), ("", false),
    ])
    func sessionIdMustBeAUUID(sessionId: String, valid: Bool) {
        let result = Self.validate(Self.frame("session:subscribe", #"{"sessionId":"\#(sessionId)"}"#))
        if valid {
            #expect(result == .success(.subscribe(sessionId: sessionId)))
        } else {
            #expect(
                Self.issues(Self.frame("session:subscribe", #"{"sessionId":"\#(sessionId)"}"#)).map(\.code) == [
                    "invalid_string"
                ])
        }
    }

    @Test func missingFieldsAreRequired() {
        let missingPayload = Self.issues(#"{"type":"session:input"}"#)
        #expect(missingPayload.map(\.path) == [["payload"]])
        #expect(missingPayload.first?.message == "Required")
        let missingBoth = Self.issues(Self.frame("session:input", "{}"))
        #expect(missingBoth.map(\.path) == [["payload", "sessionId"], ["payload", "text"]])
        #expect(missingBoth.allSatisfy { $0.code == "invalid_type" && $0.message == "Required" })
        let wrongType = Self.issues(Self.frame("session:input", #"{"sessionId":"\#(Self.id)","text":5}"#))
        #expect(wrongType.first?.message == "Expected string, received number")
    }

    @Test func inputTextLimitCountsUTF16Units() {
        let atLimit = String(repeating: "a", count: 10_000)
        #expect(
            Self.validate(Self.frame("session:input", #"{"sessionId":"\#(Self.id)","text":"\#(atLimit)"}"#))
                == .success(.input(sessionId: Self.id, text: atLimit)))
        #expect(
            Self.validate(Self.frame("session:input", #"{"sessionId":"\#(Self.id)","text":""}"#))
                == .success(.input(sessionId: Self.id, text: "")))
        let over = atLimit + "a"
        let issues = Self.issues(Self.frame("session:input", #"{"sessionId":"\#(Self.id)","text":"\#(over)"}"#))
        #expect(issues.map(\.code) == ["too_big"])
        #expect(issues.first?.message == "String must contain at most 10000 character(s)")
        // 5,000 emoji are 5,000 characters but 10,000 UTF-16 units: at the limit; one more is over.
        let emoji = String(repeating: "😀", count: 5_000)
        #expect(Self.issues(Self.frame("session:input", #"{"sessionId":"\#(Self.id)","text":"\#(emoji)"}"#)).isEmpty)
        #expect(
            Self.issues(Self.frame("session:input", #"{"sessionId":"\#(Self.id)","text":"\#(emoji)é"}"#)).map(\.code)
                == ["too_big"])
    }

    @Test(arguments: [(1_000, true), (1_001, false)])
    func keysLimit(length: Int, valid: Bool) {
        let keys = String(repeating: "k", count: length)
        let text = Self.frame("session:keys", #"{"sessionId":"\#(Self.id)","keys":"\#(keys)"}"#)
        #expect((Self.validate(text) == .success(.keys(sessionId: Self.id, keys: keys))) == valid)
    }

    @Test(arguments: [
        ("1", "1", true), ("500", "200", true), ("0", "24", false), ("501", "24", false), ("80", "0", false),
        ("80", "201", false), ("80.5", "24", false), ("-1", "24", false), ("\"80\"", "24", false),
        ("80.0", "24", true), ("1e3", "24", false),
    ])
    func resizeBounds(cols: String, rows: String, valid: Bool) {
        let text = Self.frame("pty:resize", #"{"sessionId":"\#(Self.id)","cols":\#(cols),"rows":\#(rows)}"#)
        let result = Self.validate(text)
        if case .success(let message) = result {
            #expect(valid, "accepted \(message)")
        } else {
            #expect(!valid)
        }
    }

    @Test func resizeRequiresBothDimensions() {
        let issues = Self.issues(Self.frame("pty:resize", #"{"sessionId":"\#(Self.id)","cols":80}"#))
        #expect(issues.map(\.path) == [["payload", "rows"]])
    }

    @Test func fractionalOutOfRangeReportsEveryCheck() {
        let issues = Self.issues(Self.frame("pty:attach", #"{"sessionId":"\#(Self.id)","cols":0.5}"#))
        #expect(issues.map(\.code) == ["invalid_type", "too_small"])
        #expect(issues.first?.message == "Expected integer, received float")
        #expect(issues.last?.message == "Number must be greater than or equal to 1")
        #expect(issues.last?.attributes["minimum"] == .number(1))
    }

    @Test func attachSizesAreOptionalButNotNull() {
        #expect(
            Self.validate(Self.frame("pty:attach", #"{"sessionId":"\#(Self.id)"}"#))
                == .success(.ptyAttach(sessionId: Self.id)))
        let issues = Self.issues(Self.frame("pty:attach", #"{"sessionId":"\#(Self.id)","cols":null}"#))
        #expect(issues.first?.attributes["received"] == .string("null"))
        let badFlag = Self.issues(Self.frame("pty:attach", #"{"sessionId":"\#(Self.id)","readOnly":"yes"}"#))
        #expect(badFlag.map(\.path) == [["payload", "readOnly"]])
    }

    @Test func pingPayloadIsOptionalObject() {
        #expect(Self.validate(#"{"type":"ping"}"#) == .success(.ping))
        #expect(Self.validate(#"{"type":"ping","payload":{"x":1}}"#) == .success(.ping))
        #expect(Self.issues(#"{"type":"ping","payload":null}"#).map(\.path) == [["payload"]])
        #expect(Self.issues(#"{"type":"ping","payload":[]}"#).first?.attributes["received"] == .string("array"))
    }

    @Test func extraKeysAreIgnored() {
        let text = #"{"type":"pty:data","payload":{"sessionId":"\#(Self.id)","data":"x","extra":true},"id":1}"#
        #expect(Self.validate(text) == .success(.ptyData(sessionId: Self.id, data: "x")))
    }

    @Test func ptyDataHasNoLengthLimit() {
        let big = String(repeating: "x", count: 60_000)
        let text = Self.frame("pty:data", #"{"sessionId":"\#(Self.id)","data":"\#(big)"}"#)
        #expect(Self.validate(text) == .success(.ptyData(sessionId: Self.id, data: big)))
    }

    @Test func invalidMessagePayloadCarriesIssues() throws {
        guard
            case .failure(let error) = Self.validate(
                Self.frame("pty:resize", #"{"sessionId":"x","cols":900,"rows":1}"#))
        else {
            Issue.record("expected failure")
            return
        }
        let payload = error.errorPayload
        #expect(payload.code == .invalidMessage)
        #expect(payload.message == "Invalid message format")
        let issues = try #require(payload.issues)
        #expect(issues.map(\.code) == ["invalid_string", "too_big"])
        #expect(issues.last?.path == ["payload", "cols"])
    }

    @Test func integralFloatSizesAgreeBetweenValidateAndDecode() throws {
        let frame = Data(Self.frame("pty:resize", #"{"sessionId":"\#(Self.id)","cols":80.0,"rows":24}"#).utf8)
        let expected = ClientMessage.ptyResize(sessionId: Self.id, cols: 80, rows: 24)
        #expect(ClientMessage.validate(frame) == .success(expected))
        #expect(try ClientMessage.decode(frame) == expected)
    }
}
