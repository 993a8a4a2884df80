// Keys from the terminal's reads, told apart by when each read arrived: the TUI's KeyDecoder
// (keys, SGR/X10 mouse, bracketed paste, focus reports), and a lone ESC that counts as the Escape
// key once the escape delay has run out before the next read arrived — whatever comes after it,
// and however late the loop got round to handling the reads. Serves the UI and the replay viewer.
import ClientCore
import TUI

/// Decodes timed terminal reads into keys.
struct TimedKeyDecoder {
    /// How long a lone ESC waits for the rest of a sequence.
    static let escapeDelay: Duration = .milliseconds(25)

    private var decoder = KeyDecoder()
    /// When a pending ESC becomes the Escape key (the loop must wake then), if one is pending.
    private(set) var escapeDeadline: Duration?

    /// The keys of `chunks`, in order, and of a pending ESC whose delay ran out by `now`.
    mutating func keys(from chunks: [InputChunk], now: Duration) -> [AppKey] {
        var keys: [AppKey] = []
        for chunk in chunks {
            let arrival = chunk.at ?? now
            if let deadline = escapeDeadline, arrival >= deadline { keys += flush() }
            keys += decoder.feed(chunk.bytes)
            escapeDeadline = decoder.hasPending ? arrival + Self.escapeDelay : nil
        }
        if let deadline = escapeDeadline, now >= deadline { keys += flush() }
        return keys
    }

    /// The keys of bytes read at `now` (a read without an arrival stamp).
    mutating func keys(from bytes: [UInt8], now: Duration) -> [AppKey] {
        keys(from: [InputChunk(bytes: bytes, at: now)], now: now)
    }

    /// Whatever is pending, as keys now (a lone ESC becomes Escape).
    mutating func flush() -> [AppKey] {
        escapeDeadline = nil
        return decoder.flush()
    }
}
