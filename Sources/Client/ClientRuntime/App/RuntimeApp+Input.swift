// Keys: raw bytes → AppKeys (the TUI's KeyDecoder: keys, SGR/X10 mouse, bracketed paste, focus
// reports) → reduce. A lone ESC waits for the escape delay before it counts as the Escape key.
import ClientCore
import TUI

extension RuntimeApp {
    /// How long a lone ESC waits for the rest of a sequence.
    static let escapeDelay: Duration = .milliseconds(25)

    /// How long after a key its session's output still counts as the key's echo.
    static let echoWindow: Duration = .seconds(1)

    /// How long after an attach its session's first outputs are drawn at once, and how many
    /// (the snapshot and the repaint at the new size; a session flooding output gets no more
    /// uncapped frames than these).
    static let attachAnswerWindow: Duration = .seconds(1)
    static let attachAnswerFrames = 4

    func handleInput(_ bytes: [UInt8], now: Duration) {
        for key in decoder.feed(bytes) { dispatch(.key(key)) }
        escapeDeadline = decoder.hasPending ? now + Self.escapeDelay : nil
    }

    func flushEscape() {
        escapeDeadline = nil
        for key in decoder.flush() { dispatch(.key(key)) }
    }
}
