import Foundation
import TUI
import Testing

@Suite struct GlyphTableTests {
    static var tableURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fonts/glyph-fallback.tsv")
    }

    @Test func fontsTableMatchesTheCode() throws {
        let text = try String(contentsOf: Self.tableURL, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: "\t").map(String.init)
        }
        #expect(rows.map { $0[0] } == Glyphs.unicode.table.map(\.name))
        #expect(rows.map { $0[1] } == Glyphs.unicode.table.map(\.glyph))
        #expect(rows.map { $0[2] } == Glyphs.ascii.table.map(\.glyph))
    }

    @Test func everyGlyphIsOneColumnSoFallbacksKeepTheLayout() {
        for (unicode, ascii) in zip(Glyphs.unicode.table, Glyphs.ascii.table) {
            #expect(DisplayWidth.of(unicode.glyph) == 1, "\(unicode.name)")
            #expect(DisplayWidth.of(ascii.glyph) == 1, "\(ascii.name)")
            #expect(ascii.glyph.allSatisfy { $0.isASCII })
        }
    }

    @Test func selection() {
        #expect(Glyphs.select(environment: ["LANG": "C.UTF-8"]) == .unicode)
        #expect(Glyphs.select(environment: ["LANG": "en_US.utf8", "TERM": "xterm"]) == .unicode)
        #expect(Glyphs.select(environment: ["LANG": "C"]) == .ascii)
        #expect(Glyphs.select(environment: ["LANG": "C.UTF-8", "TERM": "linux"]) == .ascii)
        #expect(Glyphs.select(environment: ["LANG": "C.UTF-8", "CLAUDEPM_ASCII": "1"]) == .ascii)
    }
}
