// One pane's journal: segment files `<pane>-<identity>.<n>.journal` (0600, in a 0700 directory),
// each starting with a keyframe, so dropping the oldest segment never loses the screen at the
// boundary. Appends are buffered and written at most once a second (JournalStore's flusher) or
// when 64 KiB are waiting: no system call per `%output`. An index of keyframes, marks and bursts
// of output is kept in memory (rebuilt from the files on start), so a seek reads from one
// keyframe on. Output before the first keyframe has nothing to start from and is not kept.
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The journal of one pane.
final class PaneJournal: Sendable {
    struct Segment: Equatable {
        var number: Int
        var path: String
        var bytes: Int
        var firstUs: Int64
        var lastUs: Int64
    }

    struct Keyframe: Equatable {
        var us: Int64
        var segment: Int
        var offset: Int
    }

    struct Mark: Equatable {
        var us: Int64
        var kind: String
        var text: String
    }

    struct Burst: Equatable {
        var fromUs: Int64
        var toUs: Int64
        var bytes: Int64
    }

    struct State {
        var segments: [Segment] = []
        var keyframes: [Keyframe] = []
        var marks: [Mark] = []
        var bursts: [Burst] = []
        var pending: [UInt8] = []
        var fd: Int32 = -1
        var sinceKeyframeBytes = 0
        var lastKeyframeUs: Int64 = 0
        var outputBytes: Int64 = 0
    }

    static let magic = Array("claudepm-journal 1\n".utf8)
    /// Output closer than this (µs) belongs to one burst.
    static let burstGapUs: Int64 = 1_000_000

    /// The file stem (`pane12-<identity>`).
    let stem: String
    let directory: URL
    let settings: JournalSettings
    let state = Mutex(State())
    /// Called when the buffer stops being empty (the flusher then writes it within a second).
    let onPending: @Sendable () -> Void

    init(stem: String, directory: URL, settings: JournalSettings, onPending: @escaping @Sendable () -> Void = {}) {
        self.stem = stem
        self.directory = directory
        self.settings = settings
        self.onPending = onPending
    }

    deinit {
        state.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    /// True when a keyframe is due: none yet, the interval or the bytes since the last one have
    /// passed, or the segment is full (the next keyframe starts a new one).
    func wantsKeyframe(now us: Int64) -> Bool {
        state.withLock { s in
            guard let last = s.segments.last else { return true }
            return us - s.lastKeyframeUs >= Int64(settings.keyframeSeconds) * 1_000_000
                || s.sinceKeyframeBytes >= settings.keyframeBytes || last.bytes >= settings.segmentBytes
        }
    }

    /// Appends `record` at `us`; false when dropped (output with no keyframe to start from).
    @discardableResult
    func append(_ record: JournalRecord, at us: Int64) -> Bool {
        state.withLock { s in
            if s.pending.isEmpty { onPending() }
            if case .keyframe = record {
                if s.segments.isEmpty || (s.segments.last?.bytes ?? 0) >= settings.segmentBytes {
                    startSegment(&s, at: us)
                }
            }
            guard var segment = s.segments.last else { return false }
            let offset = segment.bytes
            let before = s.pending.count
            record.encode(time: us, into: &s.pending)
            segment.bytes += s.pending.count - before
            segment.lastUs = max(segment.lastUs, us)
            s.segments[s.segments.count - 1] = segment
            index(record, us: us, segment: segment.number, offset: offset, into: &s)
            if s.pending.count >= 64 << 10 { write(&s) }
            return true
        }
    }

    /// Writes what is buffered to the current segment's file.
    func flush() {
        state.withLock { write(&$0) }
    }

    /// Drops the oldest segments while the journal passes its size or age (never the current one).
    func prune(now us: Int64) {
        state.withLock { s in
            let oldest = us - Int64(settings.maxAgeSeconds) * 1_000_000
            while s.segments.count > 1,
                s.segments.reduce(0, { $0 + $1.bytes }) > settings.maxBytes || s.segments[0].lastUs < oldest
            {
                let gone = s.segments.removeFirst()
                _ = unlink(gone.path)
                let start = s.segments[0].firstUs
                s.keyframes.removeAll { $0.segment == gone.number }
                s.marks.removeAll { $0.us < start }
                s.bursts.removeAll { $0.toUs < start }
            }
        }
    }

    private func startSegment(_ s: inout State, at us: Int64) {
        write(&s)
        if s.fd >= 0 { close(s.fd) }
        s.fd = -1
        let number = (s.segments.last?.number ?? 0) + 1
        let path = directory.appendingPathComponent("\(stem).\(number).journal").path
        s.segments.append(Segment(number: number, path: path, bytes: Self.magic.count, firstUs: us, lastUs: us))
        s.pending = Self.magic
    }

    private func write(_ s: inout State) {
        guard !s.pending.isEmpty, let segment = s.segments.last else { return }
        if s.fd < 0 {
            s.fd = open(segment.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, DataDirectory.fileMode)
            guard s.fd >= 0 else {
                s.pending.removeAll()
                return
            }
        }
        var offset = 0
        let fd = s.fd
        while offset < s.pending.count {
            let n = s.pending.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(fd, base + offset, buffer.count - offset)
            }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        s.pending.removeAll(keepingCapacity: true)
    }
}
