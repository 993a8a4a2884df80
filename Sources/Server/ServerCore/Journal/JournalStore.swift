// Every watched pane's journal (`<data dir>/journal`, 0700; files 0600): PaneStreams appends each
// pane's `%output` and keyframes of its mirror, the supervisor marks what happened, and the REST
// extension reads a session's screen at a moment, its marks and an asciicast. A flusher thread
// writes what is buffered within a second of its first append, so a SIGKILL loses at most the
// last second, and drops segments past the size and age bounds once a minute; with nothing
// buffered it sleeps until an append wakes it (or the minute's pruning). Off with `--no-journal`.
import Foundation
import Logging
import Synchronization

/// The journals of all panes.
public final class JournalStore: Sendable {
    /// Where the files are.
    public let directory: URL
    /// The bounds.
    public let settings: JournalSettings
    private let journals = Mutex<[String: PaneJournal]>([:])
    private let stopped = Atomic<Bool>(false)
    private let wake = JournalWake()
    private let logger = Logger(label: "claudepm.journal")

    /// Journals in `directory` with `settings`; starts the flusher.
    public init(directory: URL, settings: JournalSettings = JournalSettings()) {
        self.directory = directory
        self.settings = settings
        let thread = Thread { [weak self] in self?.flushLoop() }
        thread.name = "claudepm-journal"
        thread.start()
    }

    /// Stops the flusher after writing everything out.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
        wake.signal()
        flushAll()
    }

    /// The file stem of a pane: `pane12-<identity>` (the identity names it across restarts).
    static func stem(pane: String, identity: String) -> String {
        "pane" + pane.filter(\.isNumber) + "-" + identity.filter { $0.isNumber || $0 == "-" }
    }

    /// The journal of `pane` (named `identity`), loaded from its files the first time.
    func journal(pane: String, identity: String) -> PaneJournal? {
        guard (try? DataDirectory.prepare(directory)) != nil else { return nil }
        let stem = Self.stem(pane: pane, identity: identity)
        var loaded: PaneJournal?
        let journal = journals.withLock { all -> PaneJournal in
            if let journal = all[stem] { return journal }
            let wake = wake
            let journal = PaneJournal(stem: stem, directory: directory, settings: settings) { wake.signal() }
            all[stem] = journal
            loaded = journal
            return journal
        }
        if let loaded, loaded.load() > 0 {
            logger.warning("journal \(stem): left out segments that could not be read")
        }
        return journal
    }

    /// The journal last written for `pane`, by any identity (a session whose pane is not
    /// mirrored now), nil when none.
    func latestJournal(pane: String) -> PaneJournal? {
        let prefix = "pane" + pane.filter(\.isNumber) + "-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let newest = names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".journal") }.max { a, b in
            Self.modified(directory.appendingPathComponent(a).path)
                < Self.modified(directory.appendingPathComponent(b).path)
        }
        guard let newest, let dot = newest.firstIndex(of: ".") else { return nil }
        let identity = String(newest[newest.index(newest.startIndex, offsetBy: prefix.count)..<dot])
        return journal(pane: pane, identity: identity)
    }

    /// The time now in µs since the epoch.
    static func nowUs() -> Int64 { Int64((Date().timeIntervalSince1970 * 1_000_000).rounded()) }

    private static func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }

    private func flushAll() {
        for journal in journals.withLock({ Array($0.values) }) { journal.flush() }
    }

    private func flushLoop() {
        var nextPrune = Date().addingTimeInterval(60)
        while !stopped.load(ordering: .relaxed) {
            if wake.wait(until: nextPrune) {
                // A second's appends go out in one write.
                Thread.sleep(forTimeInterval: 1)
                flushAll()
            }
            if Date() >= nextPrune {
                nextPrune = Date().addingTimeInterval(60)
                let now = Self.nowUs()
                for journal in journals.withLock({ Array($0.values) }) { journal.prune(now: now) }
            }
        }
    }
}
