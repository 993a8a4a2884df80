// A pane's journal on disk: the screen at any moment equals an emulator fed the same bytes up to
// it (from the nearest keyframe); output before the first keyframe is not kept; a record cut
// off by a crash is ignored and cut from the file; a full segment starts a new one with a
// keyframe, and dropping the oldest keeps the screen at the boundary; files are 0600; marks and
// bursts are indexed, also when read back from the files.
import Foundation
import TerminalScreen
import Testing

@testable import ServerCore

@Suite struct PaneJournalTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func keyframe(_ screen: TerminalScreen, fresh: Bool = false) -> JournalRecord {
        .keyframe(rows: screen.rows, cols: screen.cols, bytes: screen.image(historyLimit: 0).encoded(), fresh: fresh)
    }

    static func text(_ image: JournalScreenImage) -> [String] {
        let screen = TerminalScreen(rows: image.rows, cols: image.cols)
        screen.feed(image.bytes)
        return (0..<image.rows).map { screen.text(row: $0) }
    }

    @Test func theScreenAtAnyMomentIsTheBytesUpToItAndSurvivesAReload() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let settings = JournalSettings(keyframeBytes: 200)
        let journal = PaneJournal(stem: "pane1-1-2-3", directory: dir, settings: settings)
        let live = TerminalScreen(rows: 5, cols: 20)
        #expect(!journal.append(.output(Array("lost".utf8)), at: 500), "output before a keyframe is not kept")
        journal.append(Self.keyframe(live, fresh: true), at: 1_000)
        var expected: [Int64: [String]] = [:]
        for n in 1...40 {
            let bytes = Array("\u{1B}[44mline \(n)\u{1B}[K\u{1B}[0m\r\n".utf8)
            live.feed(bytes)
            let us = Int64(1_000 + n * 1_000)
            journal.append(.output(bytes), at: us)
            if journal.wantsKeyframe(now: us) { journal.append(Self.keyframe(live), at: us) }
            if n % 7 == 0 { expected[us] = (0..<5).map { live.text(row: $0) } }
        }
        journal.append(.mark(kind: "waiting", text: "Allow Bash?"), at: 50_000)
        for (us, rows) in expected {
            let image = try #require(journal.screen(at: us))
            #expect(image.us == us && Self.text(image) == rows)
        }
        #expect(journal.screen(at: 999) == nil, "nothing before the first keyframe")
        let contents = journal.contents()
        #expect(contents.marks.map(\.kind) == ["waiting"] && contents.firstUs == 1_000 && contents.lastUs == 50_000)
        journal.flush()
        let files = PaneJournal.segmentFiles(stem: "pane1-1-2-3", in: dir)
        for file in files {
            let mode = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
            #expect(mode == 0o600, "\(file.path) is \(String(mode, radix: 8))")
        }
        let reloaded = PaneJournal(stem: "pane1-1-2-3", directory: dir, settings: settings)
        #expect(reloaded.load() == 0)
        #expect(reloaded.contents() == contents)
        for (us, rows) in expected { #expect(reloaded.screen(at: us).map(Self.text) == rows) }
    }

    @Test func aRecordCutOffByACrashIsIgnoredAndAppendsGoOn() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = PaneJournal(stem: "pane2-1-2-3", directory: dir, settings: JournalSettings())
        let live = TerminalScreen(rows: 3, cols: 10)
        journal.append(Self.keyframe(live, fresh: true), at: 1)
        journal.append(.output(Array("kept".utf8)), at: 2)
        journal.flush()
        let path = try #require(PaneJournal.segmentFiles(stem: "pane2-1-2-3", in: dir).first?.path)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data([1, 3, 0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0, 0x41]))  // a header saying 100 bytes, 1 there
        handle.closeFile()
        let reloaded = PaneJournal(stem: "pane2-1-2-3", directory: dir, settings: JournalSettings())
        #expect(reloaded.load() == 0)
        #expect(reloaded.contents().lastUs == 2)
        reloaded.append(.output(Array(" more".utf8)), at: 4)
        #expect(reloaded.screen(at: 10).map(Self.text)?.first?.hasPrefix("kept more") == true)
    }

    @Test func aFullSegmentStartsANewOneAndDroppingTheOldestKeepsTheScreen() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Segments of 64 KiB, 192 KiB in all: three segments at most.
        let settings = JournalSettings(maxBytes: 192 << 10, keyframeSeconds: 3600, keyframeBytes: 1 << 30)
        let journal = PaneJournal(stem: "pane3-1-2-3", directory: dir, settings: settings)
        let live = TerminalScreen(rows: 4, cols: 40)
        journal.append(Self.keyframe(live, fresh: true), at: 1)
        var us: Int64 = 1
        for n in 0..<6_000 {
            let bytes = Array("row \(n) \(String(repeating: "x", count: 30))\r\n".utf8)
            live.feed(bytes)
            us += 10
            journal.append(.output(bytes), at: us)
            if journal.wantsKeyframe(now: us) { journal.append(Self.keyframe(live), at: us) }
        }
        journal.flush()
        #expect(PaneJournal.segmentFiles(stem: "pane3-1-2-3", in: dir).count > 3)
        journal.prune(now: us)
        let left = PaneJournal.segmentFiles(stem: "pane3-1-2-3", in: dir)
        #expect(left.count == 3, "\(left.map(\.path))")
        let first = try #require(journal.contents().firstUs)
        #expect(first > 1, "the oldest segments were dropped")
        // The first moment still kept shows the screen as it stood then.
        let image = try #require(journal.screen(at: first))
        #expect(Self.text(image).contains { $0.hasPrefix("row ") })
        #expect(journal.screen(at: us).map(Self.text) == (0..<4).map { live.text(row: $0) })
    }
}
