// The fast `pty:output` encoder against the protocol's own encoding (`ServerMessage.encoded()`) and Foundation's JSON
// parser: byte-identical messages for control characters, quotes, U+2028/U+2029, CJK, emoji,
// invalid UTF-8 and characters split across chunks.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("pty:output encoder", .ownThread)
struct PTYOutputEncoderTests {
    static let sessionId = "3f2a0c1e-0000-4000-8000-00000000abcd"

    /// The message the generic encoder builds for `text`.
    static func reference(_ text: String) -> [UInt8] {
        Array((try? ServerMessage.ptyOutput(PtyOutputPayload(sessionId: sessionId, data: text)).encoded()) ?? Data())
    }

    /// The `data` string of a message, read back by Foundation's JSON parser.
    static func data(of message: [UInt8]) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any]
        let payload = try #require(object?["payload"] as? [String: Any])
        #expect(payload["sessionId"] as? String == sessionId)
        #expect(object?["type"] as? String == "pty:output")
        return try #require(payload["data"] as? String)
    }

    static func encode(_ bytes: [UInt8], with encoder: inout PTYOutputEncoder) -> [UInt8]? {
        encoder.message(bytes).map { Array($0.readableBytesView) }
    }

    @Test(arguments: [
        "plain ascii", "", "\u{1b}[38;2;255;0;0mred\u{1b}[0m\r\n", "quote \" backslash \\ slash /",
        "tab\tnl\ncr\rbell\u{7}nul\u{0}del\u{7f}", "line\u{2028}para\u{2029}end", "漢字かなカナ 한국어",
        "emoji 😀👍🏽👨‍👩‍👧 flags 🇫🇷", "near the separators \u{2027}\u{202a}\u{2030}", "é\u{301} ñ ü",
    ])
    func matchesTheReferenceEncoder(_ text: String) throws {
        var encoder = PTYOutputEncoder(sessionId: Self.sessionId)
        let message = Self.encode(Array(text.utf8), with: &encoder)
        if text.isEmpty {
            #expect(message == nil)
            return
        }
        let bytes = try #require(message)
        #expect(bytes == Self.reference(text))
        #expect(try Self.data(of: bytes) == text)
    }

    @Test func everyControlCharacterIsEscapedLikeTheReference() throws {
        let text = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)
        var encoder = PTYOutputEncoder(sessionId: Self.sessionId)
        let bytes = try #require(Self.encode(Array(text.utf8), with: &encoder))
        #expect(bytes == Self.reference(text))
        #expect(try Self.data(of: bytes) == text)
        let body = String(decoding: bytes, as: UTF8.self)
        #expect(body.contains(#"\u001b"#) && body.contains(#"\u0000"#) && body.contains(#"\u001f"#))
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let raw: [UInt8] = [0x61, 0xFF, 0x62, 0xC3, 0x28, 0xE2, 0x80, 0x41, 0xED, 0xA0, 0x80, 0x7A]
        var encoder = PTYOutputEncoder(sessionId: Self.sessionId)
        let bytes = try #require(Self.encode(raw, with: &encoder))
        let expected = String(decoding: raw, as: UTF8.self)
        #expect(expected.contains("\u{FFFD}"))
        #expect(bytes == Self.reference(expected))
        #expect(try Self.data(of: bytes) == expected)
    }

    @Test func charactersSplitAcrossChunksWaitForTheirLastByte() throws {
        let text = "a漢😀\u{2028}b"
        var encoder = PTYOutputEncoder(sessionId: Self.sessionId)
        var decoded = ""
        var messages = 0
        for byte in Array(text.utf8) {
            guard let message = Self.encode([byte], with: &encoder) else { continue }
            decoded += try Self.data(of: message)
            messages += 1
        }
        #expect(decoded == text)
        #expect(messages == text.count)
    }

    @Test func randomStreamsInRandomChunksMatchTheReference() throws {
        var random = SeededGenerator(seed: 0x5EED)
        let alphabet: [[UInt8]] = [
            [0x1B], [0x5B], [0x22], [0x5C], [0x0A], [0x0D], [0x09], [0x00], [0x7F], [0x41], [0x7A], [0x20],
            Array("漢".utf8), Array("😀".utf8), Array("\u{2028}".utf8), Array("\u{2029}".utf8), [0xFF], [0xC3],
            [0xE2], [0xE2, 0x80], [0x80], [0xF0, 0x9F],
        ]
        for _ in 0..<200 {
            var stream: [UInt8] = []
            for _ in 0..<Int(random.next() % 300) { stream += alphabet[Int(random.next() % UInt64(alphabet.count))] }
            stream += Array("end".utf8)
            var encoder = PTYOutputEncoder(sessionId: Self.sessionId)
            var decoded = ""
            var offset = 0
            while offset < stream.count {
                let size = min(stream.count - offset, 1 + Int(random.next() % 40))
                if let message = Self.encode(Array(stream[offset..<offset + size]), with: &encoder) {
                    let data = try Self.data(of: message)
                    #expect(message == Self.reference(data))
                    decoded += data
                }
                offset += size
            }
            #expect(decoded == String(decoding: stream, as: UTF8.self))
        }
    }

    @Test func escaperCountsWhatItWrites() {
        for text in ["", "x", "\u{1}\u{2028}\"\\", "漢\u{2029}😀\n"] {
            let escaped = JSONStringEscaper.escaped(text)
            let reference = Array(((try? ClaudePMJSON.encoder().encode(text)) ?? Data()).dropFirst().dropLast())
            #expect(escaped == reference)
        }
    }
}
