// The find overlay's reducer on its own: typing, moving the focus within the hits, Enter and Esc,
// and results that arrive while the focus is on a line.
import ClientCore
import Testing

@Suite struct FindStateReduceTests {
    static let a = SessionKey(server: "s", sessionId: "a")
    static let b = SessionKey(server: "s", sessionId: "b")
    static let hits = [
        FindHit(key: a, line: 9, fromNewest: 0, text: "x1"),
        FindHit(key: a, line: 4, fromNewest: 1, text: "x2"),
        FindHit(key: b, line: 7, fromNewest: 0, text: "x3"),
    ]

    static func results(_ query: String, _ hits: [FindHit]) -> FindResults {
        FindResults(query: query, hits: hits, total: hits.count, searched: 2, live: 2)
    }

    @Test func typingEditsTheQueryAndSendsTheFocusBackToTheFirstHit() {
        var state = FindState(query: "x", results: Self.results("x", Self.hits), cursor: 2)
        #expect(state.reduce(.char("1"), pageRows: 10) == .stay)
        #expect(state.query == "x1")
        #expect(state.cursor == 0)
        #expect(state.reduce(.backspace, pageRows: 10) == .stay)
        #expect(state.query == "x")
    }

    @Test func theFocusMovesWithinTheHitsOnly() {
        var state = FindState(query: "x", results: Self.results("x", Self.hits))
        #expect(state.reduce(.up, pageRows: 10) == .stay)
        #expect(state.cursor == 0)
        _ = state.reduce(.ctrl("n"), pageRows: 10)
        #expect(state.focused == Self.hits[1])
        _ = state.reduce(.pageDown, pageRows: 10)
        #expect(state.cursor == 2, "a page down stops on the last hit")
        _ = state.reduce(.pageUp, pageRows: 0)
        #expect(state.cursor == 1, "a page is at least one row")
        var empty = FindState(query: "zz", results: Self.results("zz", []))
        _ = empty.reduce(.down, pageRows: 10)
        #expect(empty.cursor == 0)
    }

    @Test func enterOpensTheFocusedHitWithTheResultsQuery() {
        // The query typed may be newer than the results shown: Enter opens what is shown.
        var state = FindState(query: "x3", results: Self.results("x", Self.hits), cursor: 2)
        #expect(state.reduce(.enter, pageRows: 10) == .open(Self.hits[2], query: "x"))
        var nothing = FindState()
        #expect(nothing.reduce(.enter, pageRows: 10) == .refuse("type what to find"))
        var none = FindState(query: "q", results: Self.results("q", []))
        #expect(none.reduce(.enter, pageRows: 10) == .refuse("no match to open"))
    }

    @Test func escapeClosesAndTheMouseIsIgnored() {
        var state = FindState(query: "x")
        #expect(state.reduce(.focus(true), pageRows: 10) == .ignore)
        #expect(state.reduce(.escape, pageRows: 10) == .close)
    }

    @Test func newResultsKeepTheFocusOnItsLine() {
        var state = FindState(query: "x", results: Self.results("x", Self.hits), cursor: 1)
        let more = [FindHit(key: Self.b, line: 1, fromNewest: 1, text: "x0")] + Self.hits
        state.take(Self.results("x", more))
        #expect(state.focused == Self.hits[1], "the focus follows its line to its new place")
        state.take(Self.results("x", [Self.hits[0]]))
        #expect(state.cursor == 0, "its line gone, the focus stays on a hit that exists")
    }
}
