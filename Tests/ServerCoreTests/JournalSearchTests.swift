// Search over a pane's past screens: a hit is a moment a line showing the text came on screen, at
// the end of a burst (not every screen that still shows it), found after a full-screen program
// erased it, without case; a fresh keyframe (tmux's picture after a pause) is looked at as a new
// screen; the newest hits are kept when there are more than the limit.
import Foundation
import TerminalScreen
import Testing

@testable import ServerCore

@Suite struct JournalSearchTests {
    /// A journal whose screen (8×30) shows "Allow Bash?" at 2 s, keeps it through a burst at 4 s,
    /// is cleared at 6 s, and shows "allow bash? (again)" on row 3 at 8 s.
    static func journal(_ dir: URL) -> PaneJournal {
        let journal = PaneJournal(stem: "pane1-1-2-3", directory: dir, settings: JournalSettings())
        let live = TerminalScreen(rows: 8, cols: 30)
        journal.append(PaneJournalTests.keyframe(live, fresh: true), at: 1_000_000)
        let bursts: [(Int64, String)] = [
            (2_000_000, "\u{1B}[2J\u{1B}[HAllow Bash?\r\n"),
            (2_100_000, "  rm -rf build\r\n"),
            (4_000_000, "\u{1B}[5;1Hworking\u{1B}[K"),
            (6_000_000, "\u{1B}[2J\u{1B}[Hdone"),
            (8_000_000, "\u{1B}[4;3H\u{1B}[7mallow bash? (again)\u{1B}[0m"),
        ]
        for (us, text) in bursts {
            live.feed(text)
            journal.append(.output(Array(text.utf8)), at: us)
        }
        return journal
    }

    @Test func eachHitIsAMomentTheTextCameOnScreen() throws {
        let dir = try PaneJournalTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = Self.journal(dir)
        let found = journal.search("ALLOW bash", limit: 10)
        #expect(!found.truncated)
        #expect(found.hits.map(\.us) == [2_000_000, 8_000_000], "\(found.hits)")
        #expect(found.hits.map(\.row) == [0, 3] && found.hits.map(\.col) == [0, 2])
        #expect(found.hits.last?.line == "  allow bash? (again)")
        let screen = try #require(journal.screen(at: found.hits[0].us))
        #expect(PaneJournalTests.text(screen)[0] == "Allow Bash?", "the hit's moment shows it")
        #expect(journal.search("rm -rf", limit: 10).hits.map(\.us) == [2_100_000], "erased since, still found")
        #expect(journal.search("nowhere", limit: 10).hits.isEmpty)
        #expect(journal.search("", limit: 10).hits.isEmpty)
        let newest = journal.search("allow", limit: 1)
        #expect(newest.hits.map(\.us) == [8_000_000] && newest.truncated)
    }

    @Test func linesThatScrollAwayOrAreRedrawnInPlaceWithinOneBurstAreFound() throws {
        let dir = try PaneJournalTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = PaneJournal(stem: "pane1-1-2-3", directory: dir, settings: JournalSettings())
        let live = TerminalScreen(rows: 8, cols: 30)
        journal.append(PaneJournalTests.keyframe(live, fresh: true), at: 1_000_000)
        // One burst of 4 s, a record every 100 ms: a line that scrolls away within one record,
        // then a status redrawn in place for 1.5 s before it changes.
        var records = [(1_100_000 as Int64, "line 1\r\nthe needle\r\n" + (2...20).map { "line \($0)\r\n" }.joined())]
        for step in 0..<15 { records.append((1_200_000 + Int64(step) * 100_000, "\r\u{1B}[Kspinner \(step) pin")) }
        for step in 15..<30 { records.append((1_200_000 + Int64(step) * 100_000, "\r\u{1B}[Kspinner \(step) done")) }
        for (us, text) in records { journal.append(.output(Array(text.utf8)), at: us) }
        #expect(journal.search("needle", limit: 10).hits.map(\.us) == [1_100_000], "scrolled away in its record")
        let pinned = journal.search(" pin", limit: 10).hits
        #expect(!pinned.isEmpty && pinned.allSatisfy { $0.line.hasSuffix(" pin") }, "redrawn in place: \(pinned)")
    }

    @Test func aFreshKeyframeIsANewScreen() throws {
        let dir = try PaneJournalTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = Self.journal(dir)
        let picture = TerminalScreen(rows: 8, cols: 30)
        picture.feed("\u{1B}[2;1HAllow Bash? from tmux")
        journal.append(PaneJournalTests.keyframe(picture, fresh: true), at: 8_500_000)
        #expect(journal.search("allow bash", limit: 10).hits.map(\.us) == [2_000_000, 8_000_000, 8_500_000])
    }
}
