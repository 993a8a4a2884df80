// Time per keystroke of the search across every session's scrollback, for docs/performance.md
// ("Search across every scrollback (issue 16)"). Off unless CLAUDEPM_BENCH is set, and meant for
// a release build:
//   CLAUDEPM_BENCH=1 CLAUDEPM_SLICE=client swift test -c release -Xswiftc -enable-testing \
//     --scratch-path .build-client-release --filter FindBenchmark
// 50 screens of 40 × 120 with 10,000 lines of scrollback, each fed 10,040 lines of varied log
// text (so every line is kept); a query is typed one character at a time and `find` is timed per
// keystroke. It prints numbers and checks the counts found; it never gates on time.
import ClientCore
import Foundation
import TerminalScreen
import TestSupport
import Testing

@testable import ClientRuntime

@Suite("Find benchmark", .enabled(if: ProcessInfo.processInfo.environment["CLAUDEPM_BENCH"] != nil))
struct FindBenchmark {
    static let sessions = 50
    static let rows = 40
    static let cols = 120
    static let scrollback = 10_000
    /// Lines fed to each screen: the whole scrollback and the screen rows.
    static let linesPerSession = scrollback + rows
    /// Sessions whose logs hold the rare phrase, each `rarePerSession` times.
    static let rareSessions: Set<Int> = [3, 17, 41]
    static let rarePerSession = 5
    static let rarePhrase = "ERROR upstream: connection reset by peer (errno 104)"

    /// The screens, the plain text of the lines each holds, and their keys.
    final class Fleet {
        var screens: [SessionKey: TerminalScreen] = [:]
        var lines: [[String]] = []
        var keys: [SessionKey] = []
        var random = SeededGenerator(seed: 16)

        /// Feeds `count` more lines to session `index`, keeping `lines` to what it holds.
        func feed(session index: Int, count: Int) {
            let new = (0..<count).map { _ in FindBenchmark.logLine(&random) }
            screens[keys[index]]?.feed(FindBenchmark.bytes(new, leadingNewline: true))
            lines[index].append(contentsOf: new.map(\.plain))
            lines[index].removeFirst(lines[index].count - FindBenchmark.linesPerSession)
        }

        /// Matches of `query` in what the fleet holds, counted from the plain text.
        func expectedTotal(_ query: String) -> Int {
            let needle = Array(query.lowercased().unicodeScalars)
            return lines.joined().reduce(0) { $0 + FindBenchmark.count(needle, in: $1) }
        }
    }

    @Test func typingAQueryAcrossFiftySessions() {
        let (fleet, feedSeconds) = Self.seconds { Self.makeFleet() }
        print("find: 50 screens fed \(Self.linesPerSession) lines each in \(Self.format(feedSeconds)) s")
        let finder = ScrollbackFinder()
        openOverlay(fleet, finder)
        typeQuery("connection reset", fleet, finder, label: "idle", expectRare: true)
        typeQuery("e", fleet, finder, label: "idle", repeats: 5)
        var next = 0
        let oneSession = { (fleet: Fleet) in
            fleet.feed(session: next % Self.sessions, count: 100)
            next += 1
        }
        typeQuery("connection reset", fleet, finder, label: "100 new lines in one session", before: oneSession)
        typeQuery("e", fleet, finder, label: "100 new lines in one session", repeats: 5, before: oneSession)
        let everySession = { (fleet: Fleet) in
            for index in 0..<Self.sessions { fleet.feed(session: index, count: 1) }
        }
        typeQuery("connection reset", fleet, finder, label: "1 new line in every session", before: everySession)
    }

    /// The first key: the histories are read over several runs (each at most
    /// `ScrollbackFinder.indexBudget` and one whole history), run one after another as the UI
    /// loop runs them while any is pending, with keys and frames handled in between.
    private func openOverlay(_ fleet: Fleet, _ finder: ScrollbackFinder) {
        var runs: [Double] = []
        var pending = 0
        let (_, total) = Self.seconds {
            repeat {
                let (found, time) = Self.seconds {
                    finder.find("c", in: fleet.keys, screens: fleet.screens, live: Self.sessions)
                }
                runs.append(time * 1000)
                pending = found.pending
            } while pending > 0 && runs.count < 10_000
        }
        #expect(pending == 0)
        print(
            "find: first key, 50 histories read in \(runs.count) runs, \(Self.format(total * 1000)) ms in all, "
                + "longest run \(Self.format(runs.max() ?? 0)) ms (the UI handles keys and frames between runs)")
    }

    /// Types `query` one character at a time (`repeats` times), running `before` ahead of each
    /// keystroke (untimed), timing `find`, and checking the counts of the full query.
    private func typeQuery(
        _ query: String, _ fleet: Fleet, _ finder: ScrollbackFinder, label: String, repeats: Int = 1,
        firstBuildsIndex: Bool = false, expectRare: Bool = false, before: (Fleet) -> Void = { _ in }
    ) {
        var times: [Double] = []
        var results: FindResults?
        for _ in 0..<repeats {
            for end in query.indices.dropFirst() + [query.endIndex] {
                before(fleet)
                let typed = String(query[..<end])
                let (found, time) = Self.seconds {
                    finder.find(typed, in: fleet.keys, screens: fleet.screens, live: Self.sessions)
                }
                times.append(time * 1000)
                results = found
            }
        }
        report(query, label, times, firstBuildsIndex: firstBuildsIndex)
        if let results { check(results, fleet, expectRare: expectRare) }
    }

    private func report(_ query: String, _ label: String, _ times: [Double], firstBuildsIndex: Bool) {
        var rest = times
        if firstBuildsIndex {
            let first = rest.removeFirst()
            print("find \"\(query)\" (\(label)): first keystroke, building 50 indexes: \(Self.format(first)) ms")
        }
        let sorted = rest.sorted()
        let median = sorted[sorted.count / 2]
        print(
            "find \"\(query)\" (\(label)): \(rest.count) keystrokes, median \(Self.format(median)) ms, "
                + "max \(Self.format(sorted.last ?? 0)) ms")
    }

    private func check(_ results: FindResults, _ fleet: Fleet, expectRare: Bool) {
        let total = fleet.expectedTotal(results.query)
        print("find \"\(results.query)\": \(results.total) matches, \(results.hits.count) kept")
        #expect(results.total == total)
        #expect(results.searched == Self.sessions)
        #expect(results.hits.count == min(total, FindResults.keptLimit))
        #expect(results.hits.first?.fromNewest == 0)
        for (previous, hit) in zip(results.hits, results.hits.dropFirst()) {
            let next = previous.key == hit.key ? previous.fromNewest + 1 : 0
            #expect(hit.fromNewest == next && (previous.key != hit.key || hit.line <= previous.line))
        }
        guard expectRare else { return }
        #expect(total == Self.rareSessions.count * Self.rarePerSession)
        let sessions = Set(results.hits.map(\.key))
        #expect(sessions == Set(Self.rareSessions.map { fleet.keys[$0] }))
        #expect(results.hits.allSatisfy { $0.text.contains(Self.rarePhrase) })
    }

    // MARK: The fleet

    static func makeFleet() -> Fleet {
        let fleet = Fleet()
        for index in 0..<sessions {
            let key = SessionKey(server: "bench", sessionId: "session-\(index)")
            let lines = sessionLines(index, &fleet.random)
            let screen = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: scrollback)
            screen.feed(bytes(lines, leadingNewline: false))
            fleet.keys.append(key)
            fleet.screens[key] = screen
            fleet.lines.append(lines.map(\.plain))
        }
        return fleet
    }

    /// One session's lines: log lines, with the rare phrase at a few places in rare sessions.
    static func sessionLines(_ index: Int, _ random: inout SeededGenerator) -> [(plain: String, ansi: String)] {
        var lines = (0..<linesPerSession).map { _ in logLine(&random) }
        if rareSessions.contains(index) {
            for place in 0..<rarePerSession {
                let line = (place * 2_003 + index * 31) % linesPerSession
                lines[line] = (rarePhrase, "\u{1B}[31m\(rarePhrase)\u{1B}[m")
            }
        }
        return lines
    }

    /// The lines as terminal output, "\r\n" between them (and before the first if asked).
    static func bytes(_ lines: [(plain: String, ansi: String)], leadingNewline: Bool) -> [UInt8] {
        Array(((leadingNewline ? "\r\n" : "") + lines.map(\.ansi).joined(separator: "\r\n")).utf8)
    }

    /// A varied log line (under 120 columns), plain and with its colours.
    static func logLine(_ random: inout SeededGenerator) -> (plain: String, ansi: String) {
        let n = random.next()
        let id = String(n >> 20 & 0xFFFFFF, radix: 16)
        let ms = Int(n >> 8 & 0x3FF)
        let count = Int(n >> 44 & 0xFF)
        let time = "2026-11-26T04:\(10 + Int(n >> 50 & 0x1F)):\(10 + Int(n >> 56 & 0x1F)).\(ms)Z"
        let templates: [(String, String)] = [
            ("\(time) INFO  [http] GET /api/v1/sessions/\(id)/output 200 in \(ms) ms", "\u{1B}[32m"),
            ("\(time) DEBUG [pool] connection pool: \(count % 9) idle, \(count % 5) busy, queue 0", "\u{1B}[2m"),
            ("\(time) WARN  [db] slow query on table sessions: \(ms) ms (req \(id))", "\u{1B}[33m"),
            ("warning: unused variable 'result' in Sources/Module/File\(count).swift:\(ms):17", "\u{1B}[35m"),
            ("   Compiling ClientRuntime RuntimeApp+Find.swift (\(count) of 312)", ""),
            ("\u{2714} test passed: Suite\(count).handlesTheEmptyCase (0.\(ms) s)", "\u{1B}[1;32m"),
            ("\(time) ERROR [api] request \(id) failed: connection refused (retry \(count % 4))", "\u{1B}[31m"),
            ("Claude: I'll update the parser to handle the empty case first, then rerun the tests.", ""),
            ("· Reading file src/components/Button\(count).tsx (\(ms) lines)", "\u{1B}[36m"),
            ("été: données mises à jour, \(count) éléments traités en \(ms) ms", ""),
            ("ログ: 漢字とかなの混じった行 \(count) 件 — ok", ""),
            ("$ git status --short | head -\(count % 40)", "\u{1B}[1m"),
        ]
        let (plain, colour) = templates[Int(n % UInt64(templates.count))]
        return (plain, colour.isEmpty ? plain : colour + plain + "\u{1B}[m")
    }

    // MARK: Helpers

    static func seconds<T>(_ body: () -> T) -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// Non-overlapping matches of `needle` (lowercased scalars) in `line`, ignoring case.
    static func count(_ needle: [Unicode.Scalar], in line: String) -> Int {
        let scalars = Array(line.lowercased().unicodeScalars)
        var found = 0
        var start = 0
        while start + needle.count <= scalars.count {
            if scalars[start..<(start + needle.count)].elementsEqual(needle) {
                found += 1
                start += needle.count
            } else {
                start += 1
            }
        }
        return found
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }

}
