// Properties linking the client-message encoder, the tolerant decoder and the validator.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@Suite(.ownThread) struct ClientMessagePropertyTests {
    static func uuid(using random: inout SeededGenerator) -> String {
        let hex = Array("0123456789abcdefABCDEF")
        let groups = [8, 4, 4, 4, 12].map { count in
            String((0..<count).map { _ in hex.randomElement(using: &random) ?? "0" })
        }
        return groups.joined(separator: "-")
    }

    static func text(maxUnits: Int, using random: inout SeededGenerator) -> String {
        let alphabet = ["a", " ", "\r", "\n", "\u{1B}", "é", "😀", "\"", "\\", "\u{0}", "╭─"]
        var result = ""
        let target = Int.random(in: 0...maxUnits, using: &random)
        while let piece = alphabet.randomElement(using: &random), result.utf16.count + piece.utf16.count <= target {
            result += piece
        }
        return result
    }

    /// A random message that satisfies every upstream rule.
    static func validMessage(using random: inout SeededGenerator) -> ClientMessage {
        let id = uuid(using: &random)
        let cols = Int.random(in: ClientMessage.colsRange, using: &random)
        let rows = Int.random(in: ClientMessage.rowsRange, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .subscribe(sessionId: id)
        case 1: return .unsubscribe(sessionId: id)
        case 2: return .input(sessionId: id, text: text(maxUnits: 200, using: &random))
        case 3: return .keys(sessionId: id, keys: text(maxUnits: 40, using: &random))
        case 4: return .ping
        case 5:
            return .ptyAttach(
                sessionId: id, cols: Bool.random(using: &random) ? cols : nil,
                rows: Bool.random(using: &random) ? rows : nil,
                readOnly: Bool.random(using: &random) ? Bool.random(using: &random) : nil)
        case 6: return .ptyDetach(sessionId: id)
        case 7: return .ptyData(sessionId: id, data: text(maxUnits: 300, using: &random))
        case 8:
            return .ptyResize(
                sessionId: id, cols: cols, rows: rows,
                readOnly: Bool.random(using: &random) ? Bool.random(using: &random) : nil,
                fit: Bool.random(using: &random) ? Bool.random(using: &random) : nil)
        default: return .ptySelectPane(sessionId: id)
        }
    }

    @Test(arguments: [101, 102, 103] as [UInt64])
    func validMessagesRoundTripThroughTheValidator(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            let message = Self.validMessage(using: &random)
            let frame = try message.encoded()
            #expect(ClientMessage.validate(frame) == .success(message))
            #expect(try ClientMessage.decode(frame) == message)
            #expect(frame.count < WSLimits.maxPayload)
        }
    }

    @Test(arguments: [201, 202, 203] as [UInt64])
    func whateverValidatesDecodesToTheSameMessage(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var accepted = 0
        for _ in 0..<400 {
            var payload: [String: JSONValue] = [:]
            let fields: [(String, [JSONValue])] = [
                ("sessionId", [.string(Self.uuid(using: &random)), .string("x"), .number(1), .null]),
                ("text", [.string("hi"), .string(String(repeating: "t", count: 10_001)), .bool(true)]),
                ("keys", [.string("\u{1B}[A"), .number(3)]),
                ("data", [.string("ls\r"), .null]),
                ("cols", [.number(80), .number(0), .number(80.5), .number(501), .string("80")]),
                ("rows", [.number(24), .number(201), .number(-1)]),
                ("readOnly", [.bool(true), .string("no")]),
            ]
            for (key, options) in fields where Bool.random(using: &random) {
                payload[key] = options.randomElement(using: &random)
            }
            let type = ClientMessage.knownTypes.randomElement(using: &random) ?? "ping"
            let frame = try ClaudePMJSON.encoder().encode(
                JSONValue.object(["type": .string(type), "payload": .object(payload)]))
            guard case .success(let validated) = ClientMessage.validate(frame) else { continue }
            accepted += 1
            #expect(try ClientMessage.decode(frame) == validated)
            #expect(validated.type == type)
        }
        #expect(accepted > 20)
    }
}
