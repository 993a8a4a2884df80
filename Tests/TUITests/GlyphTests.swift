// Glyph, the plain-data text of a frame cell: every text comes back byte for byte, short ones
// inline and long ones through the bounded table, and a frame cell holds no reference.

import Testing

@testable import TUI

@Suite("Glyphs")
struct GlyphTests {
    @Test(arguments: [
        "", " ", "a", "~", "\u{7F}", "é", "e\u{301}", "漢", "🙂", "👍🏽", "🇫🇷", "123456789012345",
        "1234567890123456", "👩‍👩‍👧‍👦", "a" + String(repeating: "\u{301}", count: 30),
    ])
    func everyTextComesBackByteForByte(text: String) {
        let glyph = Glyph(text)
        #expect(Array(glyph.text.utf8) == Array(text.utf8))
        #expect(glyph.isEmpty == text.isEmpty)
        #expect(glyph == Glyph(text))
    }

    @Test func equalityIsByBytesNotCanonicalEquivalence() {
        #expect("é" == "e\u{301}")
        #expect(Glyph("é") != Glyph("e\u{301}"))
        let longPrecomposed = "é" + String(repeating: "\u{302}", count: 10)
        let longDecomposed = "e\u{301}" + String(repeating: "\u{302}", count: 10)
        #expect(Glyph(longPrecomposed) != Glyph(longDecomposed))
        #expect(Array(Glyph(longDecomposed).text.utf8) == Array(longDecomposed.utf8))
    }

    @Test func onlySingleBytesHaveASingleByte() {
        #expect(Glyph("x").singleByte == UInt8(ascii: "x"))
        #expect(Glyph(ascii: 0x41).text == "A")
        #expect(Glyph("xy").singleByte == nil)
        #expect(Glyph("é").singleByte == nil)
        #expect(Glyph.space.singleByte == 0x20)
    }

    @Test func aFrameCellIsPlainData() {
        #expect(_isPOD(FrameCell.self))
        #expect(MemoryLayout<FrameCell>.size <= 32)
        var cell = FrameCell(text: "a")
        cell.text = "👩‍👩‍👧‍👦"
        #expect(cell.text == "👩‍👩‍👧‍👦")
        #expect(FrameCell.blank.text == " ")
    }
}
