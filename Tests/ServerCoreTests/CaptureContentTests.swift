// A resize lays a pane's content out again; output adds to it. Only output may end a wait. The
// content is read from the UTF-8 bytes; a seeded test holds it to the definition by characters.
import TestSupport
import Testing

@testable import ServerCore

struct CaptureContentTests {
    static let before = ["\u{1B}[32msoak 41\u{1B}[0m 10:00:01", "soak 42 10:00:02", "$ ", "", ""]

    @Test func aWiderOrTallerPaneIsARelayout() {
        let old = CaptureContent(Self.before)
        // Wider: rows joined, padding gone, the colour run split differently.
        let wider = CaptureContent(["\u{1B}[32msoak\u{1B}[0m 41 10:00:01 soak 42", "10:00:02", "$"])
        #expect(wider.isRelayout(of: old))
        // Taller: the capture reaches an older history row.
        let taller = CaptureContent(["soak 40 10:00:00"] + Self.before + ["", "", ""])
        #expect(taller.isRelayout(of: old))
        #expect(old.isRelayout(of: taller), "and back")
    }

    @Test func newOutputIsNot() {
        let old = CaptureContent(Self.before)
        #expect(!CaptureContent(Self.before.dropLast(3) + ["$ echo hi", "hi", "$ "]).isRelayout(of: old))
        // Scrolled: the oldest row left the capture and a new one came in.
        #expect(!CaptureContent(Array(Self.before.dropFirst()) + ["soak 43 10:00:03"]).isRelayout(of: old))
        // Anything on a blank pane is output; a blank pane stays blank when resized.
        #expect(!CaptureContent(["Do you want to proceed?"]).isRelayout(of: CaptureContent(["", ""])))
        #expect(CaptureContent(["", "", ""]).isRelayout(of: CaptureContent([""])))
    }

    /// The definition, one Unicode scalar at a time: what the byte-level reading must equal.
    static func reference(_ lines: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            var inEscape = false
            for scalar in line.unicodeScalars {
                if inEscape {
                    if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                    continue
                }
                if scalar == "\u{1B}" {
                    inEscape = true
                } else if !scalar.properties.isWhitespace {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        return bytes
    }

    @Test func readingTheBytesKeepsEveryVisibleCharacterAndNothingElse() {
        let pieces = [
            "a", "Z", "7", "?", "[", "~", " ", "\t", "\r", "\u{0B}", "\u{0C}", "\u{1B}[1;32m", "\u{1B}[0m",
            "\u{1B}[38;2;10;20;30m", "\u{1B}(B", "\u{1B}]0;title\u{07}", "\u{1B}", "\u{00A0}", "\u{0085}",
            "\u{2003}", "\u{2028}", "\u{3000}", "\u{1680}", "é", "中", "🙂", "e\u{301}", "\u{200B}", "✓",
        ]
        var random = SeededGenerator(seed: 0xC0FFEE)
        var nonASCII = 0
        for _ in 0..<2_000 {
            let lines = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                (0..<Int.random(in: 0...24, using: &random)).map { _ in
                    pieces[Int.random(in: 0..<pieces.count, using: &random)]
                }.joined()
            }
            let expected = Self.reference(lines)
            #expect(CaptureContent(lines).bytes == expected, "\(lines)")
            if expected.contains(where: { $0 >= 0x80 }) { nonASCII += 1 }
        }
        #expect(nonASCII > 500, "the lines kept non-ASCII characters")
        #expect(CaptureContent(["a\u{00A0}b\u{3000}中 🙂"]).bytes == Array("ab中🙂".utf8))
    }

    /// The spelled-out White_Space list is the property, scalar for scalar.
    @Test func theWhitespaceListIsUnicodesProperty() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if CaptureContent.isWhitespace(value) != scalar.properties.isWhitespace { differing.append(value) }
        }
        #expect(differing.isEmpty, "differs at \(differing.prefix(8).map { String($0, radix: 16) })")
    }

    @Test func theFingerprintTellsChangedLinesApart() {
        let lines = ["╭─ box ─╮", "│ 中文 │", "\u{1B}[31mred\u{1B}[0m", ""]
        #expect(CaptureContent.fingerprint(lines) == CaptureContent.fingerprint(Array(lines)))
        #expect(CaptureContent.fingerprint(lines) != CaptureContent.fingerprint(["╭─ box ─╮", "│ 中文 │", "red", ""]))
        // The same bytes split into other lines is another capture.
        #expect(CaptureContent.fingerprint(["ab", "c"]) != CaptureContent.fingerprint(["a", "bc"]))
        #expect(CaptureContent.fingerprint(["a", ""]) != CaptureContent.fingerprint(["a"]))
    }
}
