// Property tests: no input can crash the decoders or the validator. Each call must either return
// or throw. Seeded, so failures reproduce.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@Suite(.ownThread) struct FuzzTests {
    /// Feeds `data` to every decoder; returns how many accepted it (the result is not asserted, only
    /// that nothing traps).
    @discardableResult
    static func exercise(_ data: Data) -> Int {
        var accepted = 0
        if (try? ServerMessage.decode(data)) != nil { accepted += 1 }
        if (try? ClientMessage.decode(data)) != nil { accepted += 1 }
        if case .success = ClientMessage.validate(data) { accepted += 1 }
        let decoder = ClaudePMJSON.decoder()
        if (try? decoder.decode([Session].self, from: data)) != nil { accepted += 1 }
        if (try? decoder.decode(ProjectDetail.self, from: data)) != nil { accepted += 1 }
        if (try? decoder.decode(Paginated<Ticket>.self, from: data)) != nil { accepted += 1 }
        if (try? decoder.decode(NotificationList.self, from: data)) != nil { accepted += 1 }
        if (try? decoder.decode(ErrorBody.self, from: data)) != nil { accepted += 1 }
        if (try? decoder.decode(UpdateProjectRequest.self, from: data)) != nil { accepted += 1 }
        if (try? decoder.decode(ClaudeHookEvent.self, from: data)) != nil { accepted += 1 }
        return accepted
    }

    @Test func everyPrefixOfEveryFixture() throws {
        for name in try Fixture.all() {
            let data = try Fixture.data(name)
            for length in 0..<data.count {
                Self.exercise(data.prefix(length))
            }
            #expect(Self.exercise(data) > 0, "\(name) is accepted by no decoder")
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomBytes(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<400 {
            let length = Int.random(in: 0...64, using: &random)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            Self.exercise(Data(bytes))
        }
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func randomJSONEnvelopes(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let types =
            ClientMessage.knownTypes + [
                "agent:snapshot", "ticket:state", "session:waiting", "error", "pty:exit", "subscribed", "x",
            ]
        for _ in 0..<300 {
            var frame: [String: JSONValue] = ["payload": Self.randomValue(depth: 3, using: &random)]
            if Bool.random(using: &random) { frame["type"] = .string(types.randomElement(using: &random) ?? "x") }
            if case .object(var payload) = frame["payload"], Bool.random(using: &random) {
                payload["sessionId"] = .string(ID.session)
                frame["payload"] = .object(payload)
            }
            Self.exercise(try ClaudePMJSON.encoder().encode(JSONValue.object(frame)))
        }
    }

    @Test(arguments: [21, 22] as [UInt64])
    func mutatedFixtures(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let names = try Fixture.all()
        for _ in 0..<300 {
            var bytes = Array(try Fixture.data(names.randomElement(using: &random) ?? names[0]))
            for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = Array(#"{}[]",:0-9.eE"nul\tf"#.utf8).randomElement(using: &random) ?? 0
            }
            Self.exercise(Data(bytes))
        }
    }

    @Test(arguments: [10, 600, 30_000])
    func deeplyNestedFramesDoNotOverflow(depth: Int) {
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        Self.exercise(Data(#"{"type":"session:subscribe","payload":\#(nested)}"#.utf8))
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        Self.exercise(Data(#"{"type":"x","payload":\#(objects)}"#.utf8))
        Self.exercise(Data(objects.utf8))
    }

    @Test func oddStringsAndNumbers() throws {
        let frames = [
            #"{"type":"pty:output","payload":{"sessionId":"s","data":"\ud800"}}"#,
            #"{"type":"pty:output","payload":{"sessionId":"s","data":"\udc00\ud800x"}}"#,
            #"{"type":"pty:exit","payload":{"sessionId":"s","exitCode":1e400}}"#,
            #"{"type":"pty:exit","payload":{"sessionId":"s","exitCode":9223372036854775808}}"#,
            #"{"type":"pty:attach","payload":{"sessionId":"9b2e4f6a-1c3d-4e5f-a6b7-c8d9e0f1a2b3","cols":1e400}}"#,
            #"{"type":"pong","payload":{"timestamp":"99999-12-31T23:59:59.999Z"}}"#,
            #"{"type":"pong","payload":{"timestamp":"2025-12-30T18:00:00.0000000000000000000000001Z"}}"#,
            "{\"type\":\"ping\",\"payload\":{}}\u{0}",
        ]
        for frame in frames {
            Self.exercise(Data(frame.utf8))
        }
        let exit = try ServerMessage.decode(Data(frames[3].utf8))
        #expect(exit.type == "pty:exit")
    }

    static func randomValue(depth: Int, using random: inout SeededGenerator) -> JSONValue {
        let pick = Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &random)
        switch pick {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number([0, 1, -1, 80, 500, 501, 1e300, 0.5, -0.0].randomElement(using: &random) ?? 0)
        case 3: return .string(["", ID.session, "x", "2025-12-30T18:00:00Z", "😀"].randomElement(using: &random) ?? "")
        case 4: return .string(String(repeating: "a", count: Int.random(in: 0...20, using: &random)))
        case 5:
            return .array(
                (0..<Int.random(in: 0...3, using: &random)).map { _ in randomValue(depth: depth - 1, using: &random) })
        default:
            let keys = ["sessionId", "cols", "rows", "text", "keys", "data", "agents", "code", "timestamp", "waiting"]
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                object[keys.randomElement(using: &random) ?? "x"] = randomValue(depth: depth - 1, using: &random)
            }
            return .object(object)
        }
    }
}
