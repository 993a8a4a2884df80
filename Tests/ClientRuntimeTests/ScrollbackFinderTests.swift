// ScrollbackFinder, the search across every session's scrollback: hits newest first within each
// session, sessions in the order given, `fromNewest` counting as `TerminalScreen.search` does (so
// Enter attaches on that match), the kept-hits cap, and an index kept across runs that still
// answers as a fresh one would.
import ClientCore
import Foundation
import TerminalScreen
import Testing

@testable import ClientRuntime

@Suite struct ScrollbackFinderTests {
    static let a = SessionKey(server: "local", sessionId: "a")
    static let b = SessionKey(server: "local", sessionId: "b")
    static let c = SessionKey(server: "other", sessionId: "c")

    @Test func hitsAreNewestFirstPerSessionInTheOrderOfKeys() {
        let screens = [
            Self.a: Self.screen("x\r\nerror one\r\nfine\r\nerror two error three"),
            Self.b: Self.screen("error in b\r\nnothing"),
        ]
        let results = ScrollbackFinder().find("error", in: [Self.b, Self.a], screens: screens, live: 7)
        #expect(results.hits.map(\.key) == [Self.b, Self.a, Self.a, Self.a])
        #expect(results.hits.map(\.line) == [0, 3, 3, 1])
        #expect(results.hits.map(\.fromNewest) == [0, 0, 1, 2])
        #expect(
            results.hits.map(\.text) == ["error in b", "error two error three", "error two error three", "error one"])
        #expect(results.total == 4)
        #expect(results.searched == 2)
        #expect(results.live == 7)
        #expect(results.query == "error")
    }

    /// Each hit is the `fromNewest`-th match from the newest of `search` on its screen, on the
    /// same line: what attaching in scrollback mode with that match index shows.
    @Test func fromNewestIsTheMatchIndexSearchCounts() {
        let screens = [
            Self.a: Self.screen(Self.log(lines: 120, seed: 1)),
            Self.b: Self.screen(Self.log(lines: 80, seed: 2)),
        ]
        let finder = ScrollbackFinder()
        for query in ["error", "Reset", "e", "漢", "été", "connection reset"] {
            let results = finder.find(query, in: [Self.a, Self.b], screens: screens, live: 2)
            #expect(!results.hits.isEmpty, "query \(query)")
            for hit in results.hits {
                guard let screen = screens[hit.key] else { continue }
                let matches = Array(screen.search(query).reversed())
                #expect(matches.indices.contains(hit.fromNewest), "query \(query)")
                if matches.indices.contains(hit.fromNewest) {
                    #expect(matches[hit.fromNewest].line == hit.line, "query \(query) hit \(hit.fromNewest)")
                }
            }
            let total = screens.values.map { $0.search(query).count }.reduce(0, +)
            #expect(results.total == total, "query \(query)")
        }
    }

    @Test func hitsAreCappedButTheTotalCountsEveryMatch() {
        let many = (0..<400).map { "match \($0) and match" }.joined(separator: "\r\n")
        let screens = [
            Self.a: Self.screen(many, rows: 10, scrollback: 1000),
            Self.b: Self.screen("one match\r\nanother match"),
        ]
        let results = ScrollbackFinder().find("match", in: [Self.a, Self.b], screens: screens, live: 2)
        #expect(results.hits.count == FindResults.keptLimit)
        #expect(results.total == 802)
        #expect(results.hits.allSatisfy { $0.key == Self.a })
        #expect(results.hits.map(\.fromNewest) == Array(0..<FindResults.keptLimit))
        #expect(results.hits.first?.text == "match 399 and match")
        #expect(results.hits.last?.text == "match 150 and match")
    }

    @Test func sessionsWithoutAScreenAreNotSearched() {
        let screens = [Self.a: Self.screen("error here")]
        let results = ScrollbackFinder().find("error", in: [Self.c, Self.a, Self.b], screens: screens, live: 3)
        #expect(results.searched == 1)
        #expect(results.total == 1)
        #expect(results.hits.map(\.key) == [Self.a])
        let none = ScrollbackFinder().find("error", in: [Self.c], screens: screens, live: 3)
        #expect(none.searched == 0)
        #expect(none.hits.isEmpty)
        #expect(none.total == 0)
    }

    @Test func caseIsIgnoredAndTheQueryIsKeptAsTyped() {
        let screens = [Self.a: Self.screen("Connection RESET\r\nconnection reset\r\nÉTÉ ok\r\nété")]
        let finder = ScrollbackFinder()
        let results = finder.find("CONNECTION Reset", in: [Self.a], screens: screens, live: 1)
        #expect(results.query == "CONNECTION Reset")
        #expect(results.hits.map(\.line) == [1, 0])
        #expect(finder.find("été", in: [Self.a], screens: screens, live: 1).hits.map(\.line) == [3, 2])
        #expect(finder.find("ÉtÉ", in: [Self.a], screens: screens, live: 1).total == 2)
    }

    @Test func aNewlineInTheQueryDoesNotJoinLines() {
        let screens = [Self.a: Self.screen("connection\r\nreset\r\nconnection reset")]
        let results = ScrollbackFinder().find("connection\nreset", in: [Self.a], screens: screens, live: 1)
        #expect(results.hits.map(\.line) == [2])
    }

    /// Runs after new output give what a finder that never ran before gives.
    @Test func laterRunsSeeNewOutput() {
        let screen = Self.screen(Self.log(lines: 50, seed: 3), rows: 5, scrollback: 60)
        let screens = [Self.a: screen]
        let finder = ScrollbackFinder()
        var runs = 0
        for step in [1, 9, 30, 200, 2] {
            screen.feed("\r\n" + Self.log(lines: step, seed: step))
            for query in ["error", "e", "#1"] {
                let results = finder.find(query, in: [Self.a], screens: screens, live: 1)
                #expect(results == ScrollbackFinder().find(query, in: [Self.a], screens: screens, live: 1))
                runs += 1
            }
        }
        #expect(runs == 15)
    }

    /// A session's screen replaced by a new one (its stream reopened) between two runs: the new
    /// screen's history is searched, not what the old one held.
    @Test func aReplacedScreenIsSearchedAfresh() {
        let finder = ScrollbackFinder()
        let old = Self.screen((0..<30).map { "old line \($0)" }.joined(separator: "\r\n"), rows: 5)
        #expect(finder.find("old", in: [Self.a], screens: [Self.a: old], live: 1).total == 30)
        let new = Self.screen((0..<40).map { "new line \($0)" }.joined(separator: "\r\n"), rows: 5)
        let screens = [Self.a: new]
        let results = finder.find("line", in: [Self.a], screens: screens, live: 1)
        #expect(results == ScrollbackFinder().find("line", in: [Self.a], screens: screens, live: 1))
        let stale = finder.find("old", in: [Self.a], screens: screens, live: 1)
        #expect(stale == ScrollbackFinder().find("old", in: [Self.a], screens: screens, live: 1))
        #expect(stale.total == 0)
        #expect(results.total == 40)
    }

    /// With little time per run, sessions with a whole history to read are left for later runs
    /// (counted as pending, not as searched); runs repeated until none is pending answer as one
    /// unhurried run would. Nothing here depends on how fast the machine is: a fast one simply
    /// needs fewer runs.
    @Test func unreadHistoriesAreReadOverSeveralRunsAndEndAsOneRunWould() {
        let keys = (0..<12).map { SessionKey(server: "local", sessionId: "s\($0)") }
        var screens: [SessionKey: TerminalScreen] = [:]
        for (index, key) in keys.enumerated() {
            screens[key] = Self.screen(Self.log(lines: 3_000, seed: index), scrollback: 5_000)
        }
        let patient = ScrollbackFinder().find("reset", in: keys, screens: screens, live: 12, budget: .seconds(3_600))
        #expect(patient.pending == 0 && patient.searched == 12)
        let finder = ScrollbackFinder()
        var results = finder.find("reset", in: keys, screens: screens, live: 12, budget: .zero)
        #expect(results.searched == 1, "with no time at all, one session is read per run")
        var runs = 1
        while results.pending > 0, runs < 1_000 {
            #expect(results.searched + results.pending == 12)
            results = finder.find("reset", in: keys, screens: screens, live: 12, budget: .zero)
            runs += 1
        }
        #expect(runs == 12, "one whole history per run")
        #expect(results.pending == 0 && results.searched == 12 && results.total == patient.total)
        #expect(results.hits == patient.hits, "the hits differ from one unhurried run's")
    }

    // MARK: Helpers

    static func screen(_ text: String, rows: Int = 3, cols: Int = 40, scrollback: Int = 100) -> TerminalScreen {
        let screen = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: scrollback)
        screen.feed(text)
        return screen
    }

    /// Log-like lines, varied by `seed`.
    static func log(lines: Int, seed: Int) -> String {
        let samples = [
            "ERROR: connection reset by peer", "warn: été chaud, retry", "ok 漢字 done", "Connection Reset (errno 104)",
            "debug: nothing to see", "error error",
        ]
        return (0..<lines).map { samples[($0 * 7 + seed) % samples.count] + " #\($0)" }.joined(separator: "\r\n")
    }
}
