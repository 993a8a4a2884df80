// Keys: raw bytes → AppKeys (TimedKeyDecoder) → reduce. A lone ESC waits for the escape delay
// before it counts as the Escape key.
import ClientCore
import TUI

extension RuntimeApp {
    /// How long a lone ESC waits for the rest of a sequence.
    static let escapeDelay = TimedKeyDecoder.escapeDelay

    /// Decodes the batch's reads in order; returns whether any key was dispatched. A lone ESC
    /// whose escape delay ran out before the next read arrived is the Escape key, whatever comes
    /// after it: keys are told apart by when they arrived (or, without arrival times, were read),
    /// not by how late the loop got round to handling them.
    func handleKeys(_ chunks: [InputChunk], now: Duration) -> Bool {
        let hadPending = keyDecoder.escapeDeadline != nil
        for key in keyDecoder.keys(from: chunks, now: now) { dispatch(.key(key)) }
        return !chunks.isEmpty || (hadPending && keyDecoder.escapeDeadline == nil)
    }

    func handleInput(_ bytes: [UInt8], now: Duration) {
        for key in keyDecoder.keys(from: bytes, now: now) { dispatch(.key(key)) }
    }

    func flushEscape() {
        for key in keyDecoder.flush() { dispatch(.key(key)) }
    }
}
