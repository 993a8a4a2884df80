// Keys: raw bytes → AppKeys (the TUI's KeyDecoder: keys, SGR/X10 mouse, bracketed paste, focus
// reports) → reduce. A lone ESC waits for the escape delay before it counts as the Escape key.
import ClientCore
import TUI

extension RuntimeApp {
    /// How long a lone ESC waits for the rest of a sequence.
    static let escapeDelay: Duration = .milliseconds(25)

    /// Decodes the batch's reads in order; returns whether any key was dispatched. A lone ESC
    /// whose escape delay ran out before the next read arrived is the Escape key, whatever comes
    /// after it: keys are told apart by when they arrived (or, without arrival times, were read),
    /// not by how late the loop got round to handling them.
    func handleKeys(_ chunks: [InputChunk], now: Duration) -> Bool {
        var handled = false
        for chunk in chunks {
            let arrival = chunk.at ?? now
            if let deadline = escapeDeadline, arrival >= deadline { flushEscape() }
            handleInput(chunk.bytes, now: arrival)
            handled = true
        }
        if let deadline = escapeDeadline, now >= deadline {
            flushEscape()
            handled = true
        }
        return handled
    }

    func handleInput(_ bytes: [UInt8], now: Duration) {
        for key in decoder.feed(bytes) { dispatch(.key(key)) }
        escapeDeadline = decoder.hasPending ? now + Self.escapeDelay : nil
    }

    func flushEscape() {
        escapeDeadline = nil
        for key in decoder.flush() { dispatch(.key(key)) }
    }
}
