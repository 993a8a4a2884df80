// One record of a pane's journal, as it lies on disk: a kind byte, the time (microseconds since
// the epoch, little-endian Int64), the payload's length (UInt32) and the payload. Output is the
// pane's bytes as tmux sent them; a keyframe is the mirror's exact image (rows, cols as UInt16,
// then the bytes that draw it, `ScreenImage.encoded`); a mark is a kind and a text. A record cut
// off by a crash (shorter than its header says) reads as the end of the file.

/// A journal record.
enum JournalRecord: Equatable {
    /// Bytes the pane wrote.
    case output([UInt8])
    /// The screen as it stood, exactly: a replay can start here. `fresh` when the mirror had just
    /// started over from tmux's picture (a seed after a resize, a pause or a restart): the bytes
    /// before it do not lead to it.
    case keyframe(rows: Int, cols: Int, bytes: [UInt8], fresh: Bool)
    /// A mark on the timeline (a wait began, an answer, a status change).
    case mark(kind: String, text: String)

    static let headerSize = 13

    /// Appends the record at `time` (µs) to `out`.
    func encode(time: Int64, into out: inout [UInt8]) {
        var payload: [UInt8]
        let kind: UInt8
        switch self {
        case .output(let bytes):
            kind = 1
            payload = bytes
        case .keyframe(let rows, let cols, let bytes, let fresh):
            kind = fresh ? 4 : 2
            payload = Self.le16(rows) + Self.le16(cols) + bytes
        case .mark(let markKind, let text):
            kind = 3
            let name = Array(markKind.utf8.prefix(255))
            payload = [UInt8(name.count)] + name + Array(text.utf8.prefix(4096))
        }
        out.append(kind)
        withUnsafeBytes(of: time.littleEndian) { out.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { out.append(contentsOf: $0) }
        out.append(contentsOf: payload)
    }

    /// The record at `offset` of `bytes`, its time and the next offset; nil at the end, for a
    /// record cut off, or for an unknown kind (the rest of the file is not trusted).
    static func decode(_ bytes: [UInt8], at offset: Int) -> (record: JournalRecord, time: Int64, next: Int)? {
        guard offset + headerSize <= bytes.count else { return nil }
        let time = Int64(littleEndian: read(bytes, offset + 1, as: Int64.self))
        let length = Int(UInt32(littleEndian: read(bytes, offset + 9, as: UInt32.self)))
        let start = offset + headerSize
        guard start + length <= bytes.count else { return nil }
        let payload = Array(bytes[start..<start + length])
        let next = start + length
        switch bytes[offset] {
        case 1: return (.output(payload), time, next)
        case 2, 4:
            guard payload.count >= 4 else { return nil }
            let rows = Int(payload[0]) | Int(payload[1]) << 8
            let cols = Int(payload[2]) | Int(payload[3]) << 8
            guard rows > 0, cols > 0 else { return nil }
            let fresh = bytes[offset] == 4
            return (.keyframe(rows: rows, cols: cols, bytes: Array(payload[4...]), fresh: fresh), time, next)
        case 3:
            guard let count = payload.first.map(Int.init), payload.count >= 1 + count else { return nil }
            let kind = String(decoding: payload[1..<1 + count], as: UTF8.self)
            return (.mark(kind: kind, text: String(decoding: payload[(1 + count)...], as: UTF8.self)), time, next)
        default: return nil
        }
    }

    private static func le16(_ value: Int) -> [UInt8] {
        let v = UInt16(clamping: value)
        return [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    private static func read<T: FixedWidthInteger>(_ bytes: [UInt8], _ offset: Int, as: T.Type) -> T {
        var value: T = 0
        for index in 0..<MemoryLayout<T>.size { value |= T(bytes[offset + index]) << (8 * index) }
        return value
    }
}
