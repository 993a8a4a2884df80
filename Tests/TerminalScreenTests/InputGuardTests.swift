// REP (`CSI n b`) through the guard: same result as libvterm's REP where that is safe, and no
// hang or crash where libvterm 0.1.4 would fail.

import Testing

@testable import TerminalScreen

@Suite("Input guard")
struct InputGuardTests {
    @Test func repeatsAsciiCharacter() {
        let screen = makeScreen(rows: 2, cols: 10, "ab\(esc)[3bc")
        #expect(lines(screen) == ["abbbbc", ""])
    }

    @Test func repeatStopsAtRowEndLikeLibvterm() {
        let screen = makeScreen(rows: 2, cols: 5, "x\(esc)[99b")
        #expect(lines(screen) == ["xxxxx", ""])
    }

    @Test func repeatsWideCharacterOnlyWhereItFits() {
        let screen = makeScreen(rows: 2, cols: 5, "漢\(esc)[1;5H\(esc)[b")
        #expect(lines(screen) == ["漢", ""])
        screen.feed("\(esc)[1;3H\(esc)[5b")
        #expect(screen.text(row: 0) == "漢漢")
        #expect(screen.cell(row: 0, col: 2).width == 2)
    }

    @Test func repeatWithoutPreviousCharacterDoesNothing() {
        let screen = makeScreen(rows: 2, cols: 5, "\(esc)[5b\u{301}\(esc)[3bok")
        #expect(screen.text(row: 0) == "ok")
    }

    @Test func repeatKeepsCombiningMarks() {
        let screen = makeScreen(rows: 1, cols: 5, "e\u{301}\(esc)[2b")
        #expect((0..<3).map { screen.cell(row: 0, col: $0).text } == ["e\u{301}", "e\u{301}", "e\u{301}"])
    }

    @Test func repeatSplitAcrossFeeds() {
        let screen = makeScreen(rows: 1, cols: 8, "z\(esc)[")
        screen.feed("2")
        screen.feed("b!")
        #expect(screen.text(row: 0) == "zzz!")
    }

    /// libvterm 0.1.4 drops an OSC written in two pieces; the guard holds it until it ends.
    @Test(arguments: 1...9) func titleSplitAcrossFeeds(split: Int) {
        let osc = Array("\(esc)]0;title\u{7}x".utf8)
        let screen = makeScreen(rows: 1, cols: 8, "")
        screen.feed(osc[..<split])
        screen.feed(osc[split...])
        #expect(screen.title == "title")
        #expect(screen.text(row: 0) == "x")
    }

    @Test func sequencesThatAreNotRepPassThrough() {
        let screen = makeScreen(rows: 1, cols: 8, "q\(esc)[?5b\(esc)]0;ab\u{7}\(esc)[2bw\(esc)(Bv")
        #expect(screen.text(row: 0) == "qqqwv")
        #expect(screen.title == "ab")
    }

    @Test func escapeInsideStringAbortsItLikeLibvterm() {
        let screen = makeScreen(rows: 1, cols: 8, "q\(esc)]0;x\(esc)[3b\u{7}w")
        #expect(screen.text(row: 0) == "qqqqw")
    }

    /// libvterm 0.1.4 kept a scroll region below the new bottom and memmoved a negative size on
    /// the next scroll (libFuzzer `terminal` target); a resize now resets the region, as xterm does.
    @Test func scrollRegionSetBeforeShrinkingIsReset() {
        let screen = makeScreen(rows: 24, cols: 80, "\(esc)[3r\(esc)[2;4H")
        screen.resize(rows: 1, cols: 2)
        #expect(screen.cursor.row == 0 && screen.cursor.col == 1)
        screen.feed("ab\r\n\ncd\(esc)M\(esc)[2S")
        #expect(screen.cursor.row == 0)
        let tall = makeScreen(rows: 10, cols: 20, "\(esc)[2;5r\(esc)[8;3H")
        tall.resize(rows: 9, cols: 20)
        #expect(tall.cursor.row == 7 && tall.cursor.col == 2)
        tall.feed("\(esc)[1;1Htop\(esc)[9;1H\n")
        #expect(tall.text(row: 0).isEmpty, "the whole screen scrolls: the region was reset")
    }

    @Test func restoringACursorSavedBeforeShrinkingStaysInside() {
        let screen = makeScreen(rows: 21, cols: 68, "\u{C}\(esc)[15;60H\(esc)7")
        screen.resize(rows: 1, cols: 17)
        screen.feed("\(esc)8x")
        #expect(screen.cursor.row == 0)
        #expect(screen.text(row: 0).hasSuffix("x"))
        screen.resize(rows: 3, cols: 5)
        screen.feed("\(esc)[?1049h\(esc)[?1049lyz")
        #expect(screen.cursor.row < 3)
    }

    @Test func cursorRestoreAfterAltScreenFromLargerSize() {
        let screen = makeScreen(rows: 20, cols: 40, "\(esc)[18;30H\(esc)[?1049h")
        screen.resize(rows: 2, cols: 4)
        screen.feed("\(esc)[?1049l漢漢")
        #expect(!screen.isAltScreen)
        #expect(lines(screen).contains { $0.contains("漢") })
    }

    @Test func nonASCIIInsideASequenceEndsItAndIsText() {
        // libvterm 0.1.4 ate the byte and printed the rest of the scalar as ill-formed text; with
        // U+3099 (which it joins yet counts as wide) on a two-column screen that segfaulted.
        let screen = makeScreen(rows: 1, cols: 2, "\(esc)[\u{FFFD}\u{3099}t")
        #expect(screen.text(row: 0) == "\u{FFFD}\u{3099}t")
        let wide = makeScreen(rows: 1, cols: 8, "\(esc)[1;漢x\(esc)(é")
        #expect(wide.text(row: 0) == "漢xé")
    }
}
