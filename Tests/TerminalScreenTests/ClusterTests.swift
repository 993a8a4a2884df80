// Cells formed as tmux 3.3a forms them, where libvterm 0.1.4 alone would differ: newer emoji,
// ZWJ sequences, VS16, flags, skin tones, too many marks; through scrollback, REP and resets.

import TestSupport
import Testing

@testable import TerminalScreen

@Suite("Cells as tmux forms them", .ownThread)
struct ClusterTests {
    /// (text, width) of every lead cell of row 0.
    func cells(_ screen: TerminalScreen, row: Int = 0) -> [CellCluster] {
        screen.row(row).filter { !$0.isContinuation && !$0.text.isEmpty }.map {
            CellCluster(text: $0.text, width: Int($0.width))
        }
    }

    @Test func newerEmojiIsWide() {
        // libvterm 0.1.4 alone gives U+1F9D1 one column; glibc and tmux give two.
        let screen = makeScreen(rows: 1, cols: 6, "🧑x")
        #expect(screen.cell(row: 0, col: 0) == Cell(text: "🧑", width: 2))
        #expect(screen.cell(row: 0, col: 1).isContinuation)
        #expect(screen.cell(row: 0, col: 2).text == "x")
        #expect(screen.cursor.col == 3)
    }

    @Test func zwjSequenceIsOneCell() {
        let screen = makeScreen(rows: 1, cols: 6, "🧑\u{200D}🤝\u{200D}🧑x")
        #expect(screen.cell(row: 0, col: 0) == Cell(text: "🧑\u{200D}🤝\u{200D}🧑", width: 2))
        #expect(screen.cell(row: 0, col: 2).text == "x")
    }

    @Test func variationSelectorKeepsTheBaseWidth() {
        let screen = makeScreen(rows: 1, cols: 6, "❤\u{FE0F}x")
        #expect(screen.cell(row: 0, col: 0) == Cell(text: "❤\u{FE0F}", width: 1))
        #expect(screen.cell(row: 0, col: 1).text == "x")
    }

    @Test func flagsAndSkinTonesAreSeparateCells() {
        let screen = makeScreen(rows: 1, cols: 10, "🇺🇸👍🏻x")
        #expect(
            cells(screen) == [
                CellCluster(text: "🇺", width: 1), CellCluster(text: "🇸", width: 1), CellCluster(text: "👍", width: 2),
                CellCluster(text: "🏻", width: 2), CellCluster(text: "x", width: 1),
            ])
    }

    @Test func unprintableScalarsAreDropped() {
        let screen = makeScreen(rows: 1, cols: 6, "a\u{1FA77}\u{E0080}b")
        #expect(screen.text(row: 0) == "ab")
    }

    @Test func tooManyMarksStopAtTmuxCellSize() {
        let input = "a" + String(repeating: "\u{301}", count: 12) + "b"
        let screen = makeScreen(rows: 1, cols: 4, input)
        let first = screen.cell(row: 0, col: 0)
        #expect(first.text == "a" + String(repeating: "\u{301}", count: 10))
        #expect(screen.cell(row: 0, col: 1).text == "b")
    }

    @Test func wideStandInAtLastColumnWraps() {
        let screen = makeScreen(rows: 2, cols: 3, "ab🧑c")
        #expect(lines(screen) == ["ab", "🧑c"])
        #expect(screen.cell(row: 1, col: 0).width == 2)
    }

    @Test func markInTheNextFeedJoinsWhenLibvtermJoinsIt() {
        let screen = makeScreen(rows: 1, cols: 4, "e")
        screen.feed("\u{301}x")
        #expect(screen.cell(row: 0, col: 0).text == "e\u{301}")
        #expect(screen.cell(row: 0, col: 1).text == "x")
    }

    @Test func joinerAtTheEndOfAFeedJoinsTheNextFeed() {
        // The screen must not depend on where the network split the output: the joiner joins as
        // in one feed (tmux forgets it between its reads of the pane, so there it depends on the
        // split).
        let screen = makeScreen(rows: 1, cols: 8, "🧑\u{200D}")
        screen.feed("🤝x")
        #expect(cells(screen) == [CellCluster(text: "🧑\u{200D}🤝", width: 2), CellCluster(text: "x", width: 1)])
    }

    @Test func standInSurvivesScrollbackRoundTrip() {
        let family = "🧑\u{200D}🤝\u{200D}🧑"
        let screen = makeScreen(rows: 2, cols: 6, family + "\r\n\r\n")
        #expect(screen.scrollbackCount == 1)
        #expect(screen.scrollbackLine(0).first == Cell(text: family, width: 2))
        screen.resize(rows: 3, cols: 6)
        #expect(screen.scrollbackCount == 0)
        #expect(screen.cell(row: 0, col: 0) == Cell(text: family, width: 2))
    }

    @Test func repeatOfAStandInRepeatsTheCell() {
        let screen = makeScreen(rows: 1, cols: 8, "🧑\u{1B}[2b")
        #expect(cells(screen).map(\.text) == ["🧑", "🧑", "🧑"])
        #expect(screen.cursor.col == 6)
    }

    @Test func hardResetFreesStandIns() {
        let screen = makeScreen(rows: 1, cols: 8, "🧑")
        #expect(screen.sink.clusters.count == 1)
        screen.reset(hard: true)
        #expect(screen.sink.clusters.count == 0)
        screen.feed("🧑\u{200D}🤝\u{200D}🧑")
        #expect(screen.cell(row: 0, col: 0).text == "🧑\u{200D}🤝\u{200D}🧑")
    }

    @Test(arguments: [
        "🧑‍🤝‍🧑 family", "❤️ ok", "🇺🇸🇫🇷", "👍🏻👋🏿", "e\u{301}\u{302}x", "漢字 한글 ｱ", "\u{1160}a\u{1160}",
        "👩‍❤️‍💋‍👨!", "a\u{200D}b", "\u{E000}\u{F0000} nerd", "\u{1AB0}a\u{1AB0}\u{1DFF}", "🏳️‍🌈", "Ω\u{20DD}",
    ])
    func screenCellsEqualCellLayout(text: String) {
        let screen = makeScreen(rows: 1, cols: 40, text)
        #expect(cells(screen).filter { $0.text != " " } == CellLayout.clusters(of: text).filter { $0.text != " " })
        #expect(screen.cursor.col == CellLayout.width(of: text))
    }
}
