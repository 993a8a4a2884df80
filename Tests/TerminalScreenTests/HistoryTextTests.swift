// HistoryText, the index behind the search across every session's scrollback: what it finds,
// that it counts matches exactly as `TerminalScreen.search` does (so Enter on a hit lands on that
// match), and that updating it incrementally gives what a fresh index gives.

import Testing

@testable import TerminalScreen

@Suite("History text index")
struct HistoryTextTests {
    // MARK: Occurrences

    @Test func findsScrollbackAndScreenRowsIgnoringCase() {
        let screen = makeScreen(rows: 3, cols: 20, "Alpha beta\r\nbeta BETA beta\r\nnothing\r\nÉTÉ été\r\nBeta")
        let index = indexed(screen)
        #expect(index.scrollbackCount == 2)
        #expect(occurrences("beta", index) == [0, 1, 1, 1, 4])
        #expect(occurrences("BETA", index) == [0, 1, 1, 1, 4])
        #expect(occurrences("été", index) == [3, 3])
        #expect(occurrences("ÉTÉ", index) == [3, 3])
        #expect(occurrences("nothing", index) == [2])
        #expect(occurrences("alpha", index) == [0])
        #expect(occurrences("gamma", index).isEmpty)
        #expect(occurrences("", index).isEmpty)
    }

    @Test func countsNonOverlappingOccurrencesPerLine() {
        let screen = makeScreen(rows: 2, cols: 12, "aaaaa\r\nab ab abab\r\naaaa\r\nabab")
        let index = indexed(screen)
        #expect(index.scrollbackCount == 2)
        #expect(occurrences("aa", index) == [0, 0, 2, 2])
        #expect(occurrences("ab", index) == [1, 1, 1, 1, 3, 3])
        #expect(occurrences("aba", index) == [1, 3])
    }

    @Test func aNeedleNeverCrossesALineEnd() {
        let screen = makeScreen(rows: 2, cols: 10, "foo\r\nbar\r\nbaz\r\nfoo\r\nbar")
        let index = indexed(screen)
        #expect(index.scrollbackCount == 3)
        #expect(occurrences("foo", index) == [0, 3])
        #expect(occurrences("foobar", index).isEmpty)
        #expect(occurrences("foo bar", index).isEmpty)
        #expect(occurrences("obar", index).isEmpty)
        #expect(occurrences("rbaz", index).isEmpty)
        #expect(occurrences("zfoo", index).isEmpty)
    }

    @Test func wideAndCombiningCharactersAreFoundOnce() {
        let screen = makeScreen(rows: 2, cols: 12, "漢字 x 漢\r\ne\u{301}t\u{E9}\r\n😀 ok 😀")
        let index = indexed(screen)
        #expect(occurrences("漢", index) == [0, 0])
        #expect(occurrences("漢字 x", index) == [0])
        #expect(occurrences("😀", index) == [2, 2])
        #expect(occurrences("e\u{301}t", index) == [1])
    }

    /// Asking for the newest few gives the last few of all the occurrences and the full count,
    /// for one-byte needles (counted, then walked back) and longer ones (a ring of offsets).
    @Test(arguments: ["e", "E", " ", "0", "error", "漢", "été", "connection reset", "no-such-text"])
    func theNewestFewAreTheLastOfAll(query: String) {
        let screen = makeScreen(rows: 6, cols: 30, Self.variedOutput(lines: 300), scrollback: 200)
        let index = indexed(screen)
        let all = occurrences(query, index)
        for newest in [0, 1, 3, 7, 50, 10_000] {
            let found = index.occurrences(of: HistoryText.folded(query), newest: newest)
            #expect(found.total == all.count, "\(query) newest \(newest)")
            #expect(found.lines == Array(all.suffix(newest)), "\(query) newest \(newest)")
        }
    }

    // MARK: Consistency with TerminalScreen.search

    /// Every query's occurrences are the lines of `search`'s matches, so the n-th from the
    /// newest of one is the n-th from the newest of the other.
    @Test func occurrencesAreTheLinesOfSearchMatches() {
        let screen = makeScreen(rows: 6, cols: 30, Self.variedOutput(lines: 60), scrollback: 40)
        let index = indexed(screen)
        let queries = [
            "error", "ERROR", "Error:", "e", "ee", "connection reset", "reset", "漢", "漢字", "été", "ÉTÉ",
            "😀", "e\u{301}", "line 1", "0", "00", ": ", "x x", "warn", "ç", "missing", "q",
        ]
        for query in queries {
            let expected = screen.search(query).map(\.line)
            let found = occurrences(query, index)
            #expect(found == expected, "query \(query)")
            #expect(Array(found.reversed()) == expected.reversed(), "n-th from newest for \(query)")
        }
        #expect(!screen.search("error").isEmpty)
        #expect(!screen.search("漢").isEmpty)
    }

    /// While a query is typed its prefixes are searched, and "connection " ends in a space: a
    /// line (or row) that ends in "connection" has blanks after it that `search` matches.
    @Test func queriesEndingInSpacesCountAsSearchDoes() {
        let screen = makeScreen(
            rows: 2, cols: 20, "no connection\r\n\(esc)[44mconnection   \(esc)[m\r\nconnection reset\r\nconnection",
            scrollback: 40)
        let index = indexed(screen)
        #expect(index.scrollbackCount == 2)
        #expect(occurrences("connection ", index) == [1, 2, 3])
        for query in ["connection ", "connection  ", " ", "n ", "  "] {
            #expect(occurrences(query, index) == screen.search(query).map(\.line), "query \"\(query)\"")
        }
    }

    // MARK: Incremental updates

    @Test func linesFedAfterAnUpdateAreFound() {
        let screen = makeScreen(rows: 4, cols: 40, Self.variedOutput(lines: 30))
        let index = indexed(screen)
        let before = occurrences("error", index).count
        screen.feed("\r\nerror: late one\r\nfine\r\nanother error and error")
        index.update(from: screen)
        #expect(occurrences("error", index).count == before + 3)
        #expect(occurrences("late one", index) == [screen.historyCount - 3])
        expectSameAsFresh(index, screen)
    }

    @Test func updatingTwiceWithoutOutputChangesNothing() {
        let screen = makeScreen(rows: 4, cols: 40, Self.variedOutput(lines: 30))
        let index = indexed(screen)
        let first = occurrences("e", index)
        index.update(from: screen)
        #expect(occurrences("e", index) == first)
        expectSameAsFresh(index, screen)
    }

    @Test func aSmallLimitDropsOldLinesFromTheIndex() {
        let screen = TerminalScreen(rows: 5, cols: 40, scrollbackLimit: 50)
        let index = HistoryText()
        let fed = feedInSteps(screen, Self.numberedLines(from:count:)) {
            index.update(from: screen)
            #expect(index.scrollbackCount == screen.scrollbackCount)
            expectSameAsFresh(index, screen)
        }
        #expect(fed == 501)
        #expect(screen.scrollbackCount == 50)
        #expect(occurrences("#0001;", index).isEmpty)
        #expect(occurrences("#0499;", index).count == 1)
    }

    /// Enough lines through a 100-line scrollback that the index drops more than 4096 lines at
    /// least twice, so its buffer is compacted along the way.
    @Test func manyDroppedLinesThroughACompactingIndex() {
        let screen = TerminalScreen(rows: 5, cols: 60, scrollbackLimit: 100)
        let index = HistoryText()
        var fed = 0
        var chunk = 0
        while fed < 10_000 {
            let count = [97, 250, 1, 400, 33][chunk % 5]
            screen.feed(Self.numberedLines(from: fed, count: count))
            fed += count
            chunk += 1
            index.update(from: screen)
            #expect(index.scrollbackCount == screen.scrollbackCount)
            if chunk % 4 == 0 { expectSameAsFresh(index, screen) }
        }
        expectSameAsFresh(index, screen)
        #expect(screen.scrollbackCount == 100)
        let newest = screen.historyCount - 1
        #expect(occurrences(String(format: "#%04d;", fed - 1), index) == [newest])
        #expect(occurrences(String(format: "#%04d;", fed - 200), index).isEmpty)
    }

    // MARK: Lines taken back

    @Test func aResizeThatPullsLinesBackRebuildsTheIndex() {
        let screen = makeScreen(rows: 3, cols: 30, Self.numberedLines(from: 0, count: 20))
        let index = indexed(screen)
        let epoch = screen.scrollbackVersion.epoch
        screen.resize(rows: 8, cols: 30)
        #expect(screen.scrollbackVersion.epoch != epoch)
        index.update(from: screen)
        expectSameAsFresh(index, screen)
        screen.feed(Self.numberedLines(from: 20, count: 4))
        index.update(from: screen)
        expectSameAsFresh(index, screen)
        screen.resize(rows: 2, cols: 30)
        index.update(from: screen)
        expectSameAsFresh(index, screen)
    }

    /// A line popped by a resize and another pushed in its place between two updates: the pushed
    /// count grows by one as if one line were new; only the epoch tells the old ones changed.
    @Test func aLinePoppedAndAnotherPushedBetweenUpdates() {
        let screen = makeScreen(rows: 2, cols: 20, "alpha\r\nbeta\r\ngamma\r\ndelta\r\nepsilon\r\nzeta")
        let index = indexed(screen)
        #expect(occurrences("delta", index) == [3])
        screen.resize(rows: 3, cols: 20)
        screen.feed("\(esc)[H\(esc)[2Komega\(esc)[3;1H\r\neta")
        #expect(
            (0..<4).map { TerminalScreen.text(of: screen.scrollbackLine($0)) } == ["alpha", "beta", "gamma", "omega"])
        index.update(from: screen)
        #expect(occurrences("delta", index).isEmpty)
        #expect(occurrences("alpha", index) == [0])
        #expect(occurrences("omega", index) == [3])
        expectSameAsFresh(index, screen)
    }

    @Test func aHardResetForgetsTheOldHistory() {
        let screen = makeScreen(rows: 3, cols: 30, Self.variedOutput(lines: 40))
        let index = indexed(screen)
        #expect(!occurrences("error", index).isEmpty)
        let epoch = screen.scrollbackVersion.epoch
        screen.reset(hard: true)
        #expect(screen.scrollbackVersion.epoch != epoch)
        index.update(from: screen)
        #expect(occurrences("error", index).isEmpty)
        #expect(index.scrollbackCount == 0)
        screen.feed(Self.numberedLines(from: 0, count: 10))
        index.update(from: screen)
        expectSameAsFresh(index, screen)
        #expect(occurrences("error", index).isEmpty)
    }

    /// One index updated from another screen (a session's stream reopened): that screen's
    /// counters may look like "a few new lines", but none of the old screen's lines are its own.
    @Test func anotherScreenIsIndexedAfresh() {
        let old = makeScreen(rows: 5, cols: 30, (0..<30).map { "old line \($0)" }.joined(separator: "\r\n"))
        let index = indexed(old)
        #expect(occurrences("old", index).count == 30)
        let new = makeScreen(rows: 5, cols: 30, (0..<40).map { "new line \($0)" }.joined(separator: "\r\n"))
        index.update(from: new)
        #expect(occurrences("old", index).isEmpty)
        #expect(occurrences("new", index).count == 40)
        expectSameAsFresh(index, new)
    }

    // MARK: Helpers

    /// A new index brought up to date with `screen`.
    private func indexed(_ screen: TerminalScreen) -> HistoryText {
        let index = HistoryText()
        index.update(from: screen)
        return index
    }

    private func occurrences(_ query: String, _ index: HistoryText) -> [Int] {
        index.occurrences(of: HistoryText.folded(query))
    }

    /// `index` finds what a fresh index of `screen` finds, and what `search` finds.
    private func expectSameAsFresh(
        _ index: HistoryText, _ screen: TerminalScreen, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let fresh = indexed(screen)
        #expect(index.scrollbackCount == fresh.scrollbackCount, sourceLocation: sourceLocation)
        for query in ["line", "#00", "#0", "error", "e", "9;", "alpha", "one", "漢"] {
            let found = occurrences(query, index)
            #expect(found == occurrences(query, fresh), "query \(query)", sourceLocation: sourceLocation)
            #expect(found == screen.search(query).map(\.line), "query \(query)", sourceLocation: sourceLocation)
        }
    }

    /// Lines "line #0042; …" numbered from `first`, each on its own line.
    static func numberedLines(from first: Int, count: Int) -> String {
        (first..<(first + count)).map { String(format: "\r\nline #%04d; value %d", $0, $0 * 7 % 13) }.joined()
    }

    /// Log-like output: errors, warnings, wide and combining characters, emoji, colours.
    static func variedOutput(lines: Int) -> String {
        let samples = [
            "\(esc)[31mERROR\(esc)[m: connection reset by peer (Error: 104)",
            "warn: retrying in 2 s, été 0",
            "ok: 漢字のテスト line 1 done",
            "debug: e\u{301}te\u{301} x x x 😀",
            "info: Connection Reset handled; ça va",
            "error error error",
        ]
        return (0..<lines).map { samples[$0 % samples.count] + " #\($0)" }.joined(separator: "\r\n")
    }
}
