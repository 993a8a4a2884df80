// Reading a pane's journal back from its files when the server starts: the segments in order,
// each record into the index. A segment whose start is not a journal's is skipped; a record cut
// off by a crash ends its segment there, and the file is cut to its last whole record so appends
// go on cleanly from it.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension PaneJournal {
    /// The segment files of `stem` in `directory`, by number.
    static func segmentFiles(stem: String, in directory: URL) -> [(number: Int, path: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix(stem + "."), name.hasSuffix(".journal") else { return nil }
            let middle = name.dropFirst(stem.count + 1).dropLast(".journal".count)
            guard let number = Int(middle) else { return nil }
            return (number, directory.appendingPathComponent(name).path)
        }.sorted { $0.0 < $1.0 }
    }

    /// Rebuilds the index from the files; returns how many segments were unreadable.
    @discardableResult
    func load() -> Int {
        var unreadable = 0
        for (number, path) in Self.segmentFiles(stem: stem, in: directory) {
            guard let data = FileManager.default.contents(atPath: path), data.starts(with: Self.magic) else {
                unreadable += 1
                continue
            }
            let bytes = [UInt8](data)
            state.withLock { s in
                var offset = Self.magic.count
                var segment = Segment(number: number, path: path, bytes: offset, firstUs: 0, lastUs: 0)
                var first = true
                while let (record, us, next) = JournalRecord.decode(bytes, at: offset) {
                    if first {
                        // A segment starts with a keyframe; one that does not is no start.
                        guard case .keyframe = record else { break }
                        segment.firstUs = us
                        first = false
                    }
                    segment.lastUs = max(segment.lastUs, us)
                    index(record, us: us, segment: number, offset: offset, into: &s)
                    offset = next
                }
                segment.bytes = offset
                if offset < bytes.count { _ = truncate(path, off_t(offset)) }
                if !first { s.segments.append(segment) } else { unreadable += 1 }
            }
        }
        return unreadable
    }

    /// Adds `record` (at `offset` of segment `segment`) to the in-memory index.
    func index(_ record: JournalRecord, us: Int64, segment: Int, offset: Int, into s: inout State) {
        switch record {
        case .output(let bytes):
            s.outputBytes += Int64(bytes.count)
            s.sinceKeyframeBytes += bytes.count
            if var burst = s.bursts.last, us - burst.toUs < Self.burstGapUs {
                burst.toUs = us
                burst.bytes += Int64(bytes.count)
                s.bursts[s.bursts.count - 1] = burst
            } else {
                s.bursts.append(Burst(fromUs: us, toUs: us, bytes: Int64(bytes.count)))
            }
        case .keyframe:
            s.keyframes.append(Keyframe(us: us, segment: segment, offset: offset))
            s.sinceKeyframeBytes = 0
            s.lastKeyframeUs = us
        case .mark(let kind, let text): s.marks.append(Mark(us: us, kind: kind, text: text))
        }
    }
}
