// The pty:output fast path must mean exactly what the general decoder means: for every frame it
// accepts, the bytes equal `ServerMessage.decode`'s data; frames the general decoder rejects (or
// reads as another message) it must reject too. Seeded, so failures reproduce.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@Suite struct PTYOutputFastPathTests {
    static let id = "0f8e7c52-2d3c-4f8e-9a53-6b1f0a9e2c11"

    /// What the general decoder makes of `text`: the data bytes of a pty:output, or nil.
    static func general(_ text: String) -> [UInt8]? {
        guard case .ptyOutput(let payload)? = try? ServerMessage.decode(Data(text.utf8)) else { return nil }
        return Array(payload.data.utf8)
    }

    static func frame(_ body: String) -> String {
        #"{"type":"pty:output","payload":{"sessionId":"\#(id)","data":"\#(body)"}}"#
    }

    @Test func decodesTheServersEncoding() throws {
        let data = "plain \u{1B}[1;31mred\u{1B}[0m\r\n\t\"quoted\" back\\slash / 中文 🙂 \u{0}\u{7F}"
        let frame = String(
            decoding: try ServerMessage.ptyOutput(.init(sessionId: Self.id, data: data)).encoded(), as: UTF8.self)
        let fast = try #require(PTYOutputFastPath.data(of: frame), "the encoder's own shape is the fast shape")
        #expect(fast == Array(data.utf8))
        #expect(fast == Self.general(frame))
    }

    @Test func everyEscapeMatchesTheGeneralDecoder() throws {
        let bodies = [
            #"\"\\\/\b\f\n\r\t"#, #"\u001b[0m\u0000"#, #"\u00e9\u4e2d"#, #"\ud83d\ude42"#, #"\uD83D\uDE42x"#, "", "abc",
        ]
        for body in bodies {
            let frame = Self.frame(body)
            let fast = try #require(PTYOutputFastPath.data(of: frame), "\(body)")
            #expect(fast == Self.general(frame), "\(body)")
        }
    }

    @Test func refusesWhatItDoesNotFullyUnderstand() {
        let refused = [
            Self.frame(#"\ud83d"#), Self.frame(#"\ude42"#), Self.frame(#"\x41"#), Self.frame(#"\u12"#),
            Self.frame("tab\tinside"), Self.frame(#"trailing\"#),
            #"{"type":"pty:output","payload":{"data":"a","sessionId":"x"}}"#,
            #"{"type": "pty:output","payload":{"sessionId":"x","data":"a"}}"#,
            #"{"type":"pty:output","payload":{"sessionId":"x","data":"a"}} "#,
            #"{"type":"pty:output","payload":{"sessionId":"x","data":"a","extra":1}}"#,
            #"{"type":"pty:exit","payload":{"sessionId":"x","exitCode":0}}"#,
            #"{"type":"pty:output","payload":{"sessionId":"x\"y","data":"a"}}"#,
        ]
        for frame in refused { #expect(PTYOutputFastPath.data(of: frame) == nil, "\(frame)") }
    }

    @Test func seededFramesAndMutationsAgreeWithTheGeneralDecoder() throws {
        var random = SeededGenerator(seed: 0x5EED_F00D)
        let pieces = [
            "a", "Z", " ", "\u{1B}", "\r", "\n", "\u{0}", "\u{7F}", "\"", "\\", "/", "é", "中", "🙂", "\u{2028}",
            "\u{FEFF}",
        ]
        let alphabet = Array(#"\"u0123456789abcdefABCDEFxnrtbf/{}:,[] "#.utf8)
        var accepted = 0
        for _ in 0..<3000 {
            let count = Int.random(in: 0..<24, using: &random)
            let data = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
            let encoded = try ServerMessage.ptyOutput(.init(sessionId: Self.id, data: data)).encoded()
            var bytes = Array(encoded)
            let exact = String(decoding: bytes, as: UTF8.self)
            #expect(PTYOutputFastPath.data(of: exact) == Array(data.utf8))
            for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random) ?? 0x41
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &random) ?? 0x41, at: at)
                }
            }
            let mutated = String(decoding: bytes, as: UTF8.self)
            guard let fast = PTYOutputFastPath.data(of: mutated) else { continue }
            accepted += 1
            #expect(fast == Self.general(mutated), "\(mutated)")
        }
        #expect(accepted > 100, "the mutations must also exercise accepted frames")
    }
}
