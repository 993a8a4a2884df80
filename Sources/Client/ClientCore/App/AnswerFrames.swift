// The frame-timing policy for output that answers the user: a key forwarded to an attached
// session waits for its echo, an attach for the session's first few outputs (the snapshot, then
// the program's repaint at the attach size). Until the wait's window ends, such output is drawn
// at once, outside the frame cap, and each frame drawn for it spends one of the wait's frames; a
// session flooding output gets no more uncapped frames than that. A changed predictive echo is
// drawn at once too. Pure: the loop's clock is passed in.

/// When output answers input, and so is drawn at once.
public struct AnswerFrames: Equatable, Sendable {
    /// How long after a key its session's output still counts as the key's echo.
    public static let echoWindow: Duration = .seconds(1)
    /// How long after an attach its session's first outputs are drawn at once.
    public static let attachWindow: Duration = .seconds(1)
    /// How many of them.
    public static let attachFrames = 4

    /// The session waited on, until when, and for how many more frames.
    struct Wait: Equatable, Sendable {
        var key: SessionKey
        var until: Duration
        var frames: Int
    }

    private var wait: Wait?
    /// Output answering input arrived since the last frame: draw it at once.
    public private(set) var isDue = false

    /// Nothing awaited.
    public init() {}

    /// True while some session's output is awaited.
    public var awaitsAnswer: Bool { wait != nil }

    /// A key went to `key` at `now`: its next output is its echo. It replaces an attach's wait.
    public mutating func keyForwarded(to key: SessionKey, at now: Duration) {
        wait = Wait(key: key, until: now + Self.echoWindow, frames: 1)
    }

    /// `key` was attached at `now`: its next `attachFrames` outputs answer it.
    public mutating func attached(_ key: SessionKey, at now: Duration) {
        wait = Wait(key: key, until: now + Self.attachWindow, frames: Self.attachFrames)
    }

    /// `key` was left: nothing of it is awaited any more.
    public mutating func detached(_ key: SessionKey) {
        if wait?.key == key { wait = nil }
    }

    /// Ends a wait whose window is over at `now`.
    public mutating func expire(now: Duration) {
        if let wait, wait.until < now { self.wait = nil }
    }

    /// `key` produced output (bytes or a snapshot).
    public mutating func output(from key: SessionKey) {
        if wait?.key == key { isDue = true }
    }

    /// The predictive echo changed: show it at once.
    public mutating func predictionChanged() {
        isDue = true
    }

    /// A frame was drawn: a due answer spends one of the wait's frames.
    public mutating func frameDrawn() {
        guard isDue else { return }
        isDue = false
        guard let current = wait else { return }
        wait = current.frames > 1 ? Wait(key: current.key, until: current.until, frames: current.frames - 1) : nil
    }
}
