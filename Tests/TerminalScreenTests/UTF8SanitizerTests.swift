// The UTF-8 sanitizer in front of libvterm: valid input passes unchanged at any split,
// ill-formed input becomes U+FFFD, and the libvterm crash the fuzz test found stays fixed.

import Testing

@testable import TerminalScreen

@Suite("UTF-8 sanitizer")
struct UTF8SanitizerTests {
    private func run(_ chunks: [[UInt8]]) -> [UInt8] {
        var sanitizer = UTF8Sanitizer()
        var output: [UInt8] = []
        for chunk in chunks {
            chunk.withUnsafeBytes { sanitizer.process($0) { output.append(contentsOf: $0) } }
        }
        return output
    }

    @Test func validTextPassesAtEverySplit() {
        let text = Array("ab é 漢 😀 \u{1B}[31mred\u{1B}[m e\u{301} longer ascii run".utf8)
        for split in 0...text.count {
            #expect(run([Array(text[..<split]), Array(text[split...])]) == text, "split \(split)")
        }
        #expect(run(text.map { [$0] }) == text)
    }

    @Test func illFormedBytesBecomeReplacementCharacters() {
        let fffd: [UInt8] = [0xEF, 0xBF, 0xBD]
        #expect(run([[0x61, 0x80, 0x62]]) == [0x61] + fffd + [0x62])
        #expect(run([[0xC2, 0x08, 0x24]]) == fffd + [0x08, 0x24])
        #expect(run([[0xE0, 0x80]]) == fffd + fffd)
        #expect(run([[0xED, 0xA0, 0x80]]) == fffd + fffd + fffd)
        #expect(run([[0xF4, 0x90, 0x80, 0x80]]) == fffd + fffd + fffd + fffd)
        #expect(run([[0xFF, 0xC0, 0x41]]) == fffd + fffd + [0x41])
        #expect(run([[0xE6, 0xBC], [0x41]]) == fffd + [0x41])
        #expect(run([[0xF0, 0x9F], [0x98], [0x41]]) == fffd + [0x41])
    }

    @Test func encodedC1ControlsAreDropped() {
        #expect(run([[0x61, 0xC2, 0x96, 0x3D]]) == [0x61, 0x3D])
        #expect(run([[0xC2], [0x9B, 0x41]]) == [0x41])
        #expect(run([[0xC2, 0xA0]]) == [0xC2, 0xA0])
        let screen = makeScreen(rows: 2, cols: 15, "\(esc)[4h")
        screen.feed([0xC2, 0x96, 0x3D, 0xC2, 0x80, 0x3D])
        #expect(screen.text(row: 0) == "==")
    }

    @Test func incompleteTailWaitsForNextChunk() {
        #expect(run([[0x61, 0xE6]]) == [0x61])
        #expect(run([[0x61, 0xE6], [0xBC], [0xA2]]) == [0x61, 0xE6, 0xBC, 0xA2])
    }

    @Test func fuzzFoundCrashSequenceIsHarmless() {
        let screen = TerminalScreen(rows: 17, cols: 68)
        screen.resize(rows: 6, cols: 2)
        screen.feed([0xC2, 0x08] + Array("$ge\u{301}z8;2;3m\u{1B}K".utf8) + [0x9B] + Array("\u{1B}[K".utf8))
        #expect(screen.rows == 6)
        #expect(lines(screen).prefix(2) == ["$g", "e\u{301}z"])
    }
}
