// The contract between the generic UI loop (`UILoop`) and the application it drives.

/// Everything that arrived during one wake-up of the loop.
public struct LoopBatch<Event: Sendable>: Sendable {
    /// The reads of the input descriptor (keys, mouse, paste), oldest first, possibly none.
    public var inputChunks: [InputChunk]
    /// Whether the input descriptor reached end of file or failed.
    public var inputClosed: Bool
    /// Signals delivered through the self-pipe (SIGWINCH, SIGINT, SIGTERM, SIGHUP), in order.
    public var signals: [Int32]
    /// Events posted to the queue, oldest first.
    public var events: [Event]

    /// A batch whose input is given as chunks.
    public init(inputChunks: [InputChunk], inputClosed: Bool, signals: [Int32], events: [Event]) {
        self.inputChunks = inputChunks
        self.inputClosed = inputClosed
        self.signals = signals
        self.events = events
    }

    /// A batch whose input is one read of `input` (none when empty), stamped as it is handed over.
    public init(input: [UInt8], inputClosed: Bool, signals: [Int32], events: [Event]) {
        let chunks = input.isEmpty ? [] : [InputChunk(bytes: input, at: nil)]
        self.init(inputChunks: chunks, inputClosed: inputClosed, signals: signals, events: events)
    }

    /// Every input byte of the batch, in order.
    public var input: [UInt8] { inputChunks.flatMap(\.bytes) }

    /// Whether nothing arrived (the wake-up was a timer).
    public var isEmpty: Bool { inputChunks.isEmpty && !inputClosed && signals.isEmpty && events.isEmpty }
}

/// The application side of `UILoop`: everything here runs on the loop's thread.
public protocol UILoopClient: AnyObject {
    /// The Sendable values other tasks post to the loop.
    associatedtype Event: Sendable

    /// Handles one wake-up's worth of input and events (also called with an empty batch when a
    /// deadline passes). Returns whether the screen needs a redraw.
    func handle(_ batch: LoopBatch<Event>, now: Duration) -> Bool

    /// Draws one frame (commit once).
    func render(now: Duration)

    /// The next instant the client must run without input (a timer), or nil for none.
    func nextDeadline() -> Duration?

    /// Whether the loop should stop after the current iteration.
    var isFinished: Bool { get }

    /// Whether the client awaits the answer to the user's input (an echo): posted events then
    /// wake the loop at once, even while a frame is pending.
    var awaitsEcho: Bool { get }

    /// Whether the pending frame shows the answer to the user's input: it is drawn at once,
    /// outside the frame cap (the cap is for floods, not for echoes).
    var frameAnswersInput: Bool { get }
}

extension UILoopClient {
    /// No echo is awaited unless the client says so.
    public var awaitsEcho: Bool { false }

    /// Frames follow the frame cap unless the client says otherwise.
    public var frameAnswersInput: Bool { false }
}
