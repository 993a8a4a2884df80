// Splitting text into `pty:data` frames that fit the server's frame limit. A cheap, pessimistic
// per-scalar estimate of the escaped size finds the cut points; each chunk is then encoded with
// the real ClientMessage encoder and halved again in the rare case the estimate was too small.

import ClaudePMProtocol

extension InputCoalescer {
    /// Splits `scalars` into chunks whose `pty:data` frames each encode to at most
    /// `maxFrameBytes` bytes. Chunks are cut between Unicode scalars only. With `maxChunks`, only
    /// the first chunks are produced (the rest of the text is left for later).
    public static func split(
        _ scalars: ArraySlice<Unicode.Scalar>, sessionId: String, maxFrameBytes: Int, maxChunks: Int = .max
    ) -> [ArraySlice<Unicode.Scalar>] {
        guard !scalars.isEmpty else { return [] }
        let overhead = encodedSize(sessionId: sessionId, scalars: [][...]) ?? 256
        let budget = max(12, maxFrameBytes - overhead)
        var chunks: [ArraySlice<Unicode.Scalar>] = []
        var start = scalars.startIndex
        var cost = 0
        for index in scalars.indices {
            let next = escapedCost(scalars[index])
            if cost + next > budget && index > start {
                chunks += verified(scalars[start..<index], sessionId: sessionId, maxFrameBytes: maxFrameBytes)
                if chunks.count >= maxChunks { return Array(chunks.prefix(maxChunks)) }
                start = index
                cost = 0
            }
            cost += next
        }
        chunks += verified(scalars[start...], sessionId: sessionId, maxFrameBytes: maxFrameBytes)
        return Array(chunks.prefix(maxChunks))
    }

    /// The encoded size of a `pty:data` frame carrying `scalars`, or nil if encoding failed.
    public static func encodedSize(sessionId: String, scalars: ArraySlice<Unicode.Scalar>) -> Int? {
        let text = String(String.UnicodeScalarView(scalars))
        return try? ClientMessage.ptyData(sessionId: sessionId, data: text).encoded().count
    }

    /// An upper bound for the bytes JSON encoding produces for one scalar.
    static func escapedCost(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x2028, 0x2029: return 6
        case 0x22, 0x5C, 0x2F: return 2
        default: return UTF8.width(scalar)
        }
    }

    private static func verified(
        _ chunk: ArraySlice<Unicode.Scalar>, sessionId: String, maxFrameBytes: Int
    ) -> [ArraySlice<Unicode.Scalar>] {
        guard chunk.count > 1, let size = encodedSize(sessionId: sessionId, scalars: chunk), size > maxFrameBytes
        else { return chunk.isEmpty ? [] : [chunk] }
        let middle = chunk.startIndex + chunk.count / 2
        return verified(chunk[..<middle], sessionId: sessionId, maxFrameBytes: maxFrameBytes)
            + verified(chunk[middle...], sessionId: sessionId, maxFrameBytes: maxFrameBytes)
    }
}
