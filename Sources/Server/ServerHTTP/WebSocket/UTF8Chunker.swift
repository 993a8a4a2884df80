// PTY output arrives in arbitrary byte chunks; `pty:output.data` is a string, so a UTF-8 character
// split across two reads must be held back until its last byte arrives (as node-pty does).

/// Reassembles UTF-8 across chunk boundaries so multi-byte characters are never split.
struct UTF8Chunker {
    private var pending: [UInt8] = []

    /// The decodable text of `pending + bytes`; an incomplete trailing sequence waits for the next
    /// chunk. Invalid sequences become U+FFFD (`String(decoding:as:)`).
    mutating func text(_ bytes: [UInt8]) -> String {
        let all = pending.isEmpty ? bytes : pending + bytes
        let cut = Self.completeCount(all)
        if cut == all.count {
            pending = []
            return String(decoding: all, as: UTF8.self)
        }
        pending = Array(all[cut...])
        return String(decoding: all[..<cut], as: UTF8.self)
    }

    /// The length of `bytes` without a trailing incomplete multi-byte sequence.
    private static func completeCount(_ bytes: [UInt8]) -> Int {
        let end = bytes.count
        var back = 0
        while back < 3, end - back - 1 >= 0 {
            let byte = bytes[end - back - 1]
            if byte & 0xC0 == 0x80 {
                back += 1
                continue
            }
            let need = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return need > back + 1 ? end - back - 1 : end
        }
        return end
    }
}
