// Reading a pane's journal: the screen at a moment (the last keyframe at or before it, replayed
// with the output after it up to that moment into a fresh emulator), the records of a span for
// an asciicast, and what the journal holds. Reads write out what is buffered first, then read
// the files outside the lock.
import Foundation
import TerminalScreen

/// A pane's screen at a moment, as the journal rebuilds it.
public struct JournalScreenImage: Sendable, Equatable {
    /// The time of the last record applied (µs since the epoch).
    public var us: Int64
    /// The screen's size.
    public var rows: Int
    /// The screen's size.
    public var cols: Int
    /// The bytes that draw it on a reset terminal of that size (`ScreenImage.encoded`).
    public var bytes: [UInt8]
}

/// What a pane's journal holds.
public struct JournalContents: Sendable, Equatable {
    /// The first and last record's times (µs), nil when empty.
    public var firstUs: Int64?
    /// The last record's time.
    public var lastUs: Int64?
    /// Output bytes kept.
    public var bytes: Int64
    /// Marks: time (µs), kind, text.
    public var marks: [(us: Int64, kind: String, text: String)]
    /// Bursts of output: first and last time (µs), bytes.
    public var bursts: [(fromUs: Int64, toUs: Int64, bytes: Int64)]

    public static func == (a: JournalContents, b: JournalContents) -> Bool {
        a.firstUs == b.firstUs && a.lastUs == b.lastUs && a.bytes == b.bytes
            && a.marks.map(\.us) == b.marks.map(\.us) && a.bursts.map(\.toUs) == b.bursts.map(\.toUs)
    }
}

/// A record of a span, for an asciicast.
public enum JournalEvent: Sendable, Equatable {
    /// Output bytes.
    case output([UInt8])
    /// The screen started over from tmux's picture (a resize, a pause): its size and bytes.
    case restart(rows: Int, cols: Int, bytes: [UInt8])
    /// A mark.
    case mark(kind: String, text: String)
}

extension PaneJournal {
    /// What the journal holds.
    func contents() -> JournalContents {
        state.withLock { s in
            JournalContents(
                firstUs: s.segments.first?.firstUs, lastUs: s.segments.last?.lastUs, bytes: s.outputBytes,
                marks: s.marks.map { ($0.us, $0.kind, $0.text) },
                bursts: s.bursts.map { ($0.fromUs, $0.toUs, $0.bytes) })
        }
    }

    /// The screen at `us`, nil when nothing is recorded at or before it.
    func screen(at us: Int64) -> JournalScreenImage? {
        var result: JournalScreenImage?
        replay(from: us, to: us) { screen, lastUs in
            result = JournalScreenImage(
                us: lastUs, rows: screen.rows, cols: screen.cols, bytes: screen.image(historyLimit: 0).encoded())
            return false
        } events: { _, _ in
            true
        }
        return result
    }

    /// The screen at `from` (nil: the first keyframe), handed to `start` with the time of its
    /// last record, then every record after it up to `to` to `events`; either returns false to
    /// stop.
    func replay(
        from: Int64?, to: Int64?, start: (TerminalScreen, Int64) -> Bool, events: (Int64, JournalEvent) -> Bool
    ) {
        var screen: TerminalScreen?
        var lastUs: Int64 = 0
        var started = false
        walk(from: from, until: to) { record, us in
            if let to, us > to { return false }
            let reached = from.map { us > $0 } ?? (screen != nil)
            if !started && reached, let screen {
                started = true
                guard start(screen, lastUs) else { return false }
            }
            if started {
                guard let event = Self.event(record, after: screen) else { return true }
                return events(us, event)
            }
            Self.apply(record, to: &screen)
            lastUs = us
            return true
        }
        if !started, let screen { _ = start(screen, lastUs) }
    }

    /// Hands every record from the last keyframe at or before `from` (nil, or before the first
    /// keyframe: from the first) to `body`, in order, until it returns false; false when nothing
    /// is recorded or `body` stopped it. With `until`, only the records up to the first keyframe
    /// after it are read (a seek reads at most a keyframe's interval, not its whole segment).
    @discardableResult
    func walk(from: Int64?, until: Int64? = nil, _ body: (JournalRecord, Int64) -> Bool) -> Bool {
        flush()
        let (keyframes, segments) = state.withLock { ($0.keyframes, $0.segments) }
        let origin = from.flatMap { from in keyframes.last { $0.us <= from } } ?? keyframes.first
        guard let origin, let first = segments.firstIndex(where: { $0.number == origin.segment }) else { return false }
        let end = until.flatMap { until in
            keyframes.first { $0.segment == origin.segment && $0.offset > origin.offset && $0.us > until }
        }
        for segment in segments[first...] {
            let start = segment.number == origin.segment ? origin.offset : Self.magic.count
            guard let bytes = Self.read(segment.path, from: start, to: end?.offset) else { continue }
            var offset = 0
            while let (record, us, next) = JournalRecord.decode(bytes, at: offset) {
                offset = next
                guard body(record, us) else { return false }
            }
            if end != nil { break }
        }
        return true
    }

    /// The bytes of the file at `path` from `start` to `end` (nil: its end).
    private static func read(_ path: String, from start: Int, to end: Int?) -> [UInt8]? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        do {
            try file.seek(toOffset: UInt64(start))
            let data = try end.map { try file.read(upToCount: max($0 - start, 0)) } ?? file.readToEnd()
            return data.map { [UInt8]($0) } ?? []
        } catch {
            return nil
        }
    }

    static func apply(_ record: JournalRecord, to screen: inout TerminalScreen?) {
        switch record {
        case .output(let bytes):
            screen?.feed(bytes)
            _ = screen?.takeOutput()
        case .keyframe(let rows, let cols, let bytes, _):
            let fresh = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 0)
            fresh.feed(bytes)
            _ = fresh.takeOutput()
            screen = fresh
        case .mark: break
        }
    }

    /// The event for `record` after the start; nil for a keyframe that only repeats what the
    /// output already drew (neither fresh nor of another size).
    private static func event(_ record: JournalRecord, after screen: TerminalScreen?) -> JournalEvent? {
        switch record {
        case .output(let bytes): return .output(bytes)
        case .keyframe(let rows, let cols, let bytes, let fresh):
            guard fresh || screen.map({ $0.rows != rows || $0.cols != cols }) ?? true else { return nil }
            return .restart(rows: rows, cols: cols, bytes: bytes)
        case .mark(let kind, let text): return .mark(kind: kind, text: text)
        }
    }
}
