// UILoop: the single loop of the client UI, in the style of tmux's event loop.
//
// Threading model: one thread runs `run()`. It blocks in ppoll(2) on two descriptors: the input
// and a self-pipe. The input is either a descriptor the loop reads itself (one read, it stays
// blocking) or, for the terminal, an `InputReader`, whose thread reads stdin and stamps each read
// with its arrival time. Network tasks post Sendable events to `queue`, which writes the pipe
// once per burst; signal handlers write their signal number to the same pipe. When poll returns,
// the loop takes whatever input is there, drains the pipe and
// the queue, hands it all to the client in one batch, and draws at most one frame, no sooner
// than the frame limiter allows. While a frame is pending, posted events do not wake the loop:
// they are drained once a quarter of a frame interval before the frame is due (so the frame
// itself starts with only the last few milliseconds of output to feed, not the whole interval's)
// and again when it is due (input and signals still wake it), unless the client awaits the echo
// of a key; a frame showing that echo is drawn at once, outside the cap. With nothing dirty and no
// client deadline, poll has no timeout: an idle UI makes no wake-ups at all. Only this thread
// touches ncurses and libvterm.
//
// Keys before output: input and signals are handed to the client before any posted event, and
// events go over in slices; between two slices the loop looks at the input (a poll that does not
// wait) and hands over what was typed at once, so a key is handled within one slice of arriving,
// however much output is queued; with an `InputReader` it is timestamped as it arrives even when
// the loop itself is kept off the CPU. An iteration hands over at most half a frame
// interval of events (`workBudget`); what is left waits, in order, for the next iteration, which
// does not sleep, so a flood delays the frame that shows a key by at most that budget.
import CSupport
import ClientCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs an `UILoopClient` on the calling thread until it is finished.
public final class UILoop<Client: UILoopClient> {
    /// Where other tasks post events for the client.
    public let queue: EventQueue<Client.Event>
    /// The wake-up pipe (its write end is what signal handlers write to).
    public var pipe: SelfPipe { queue.pipe }
    private let client: Client
    private let inputFD: Int32
    /// The thread reading the input, if the loop does not read `inputFD` itself.
    private let reader: InputReader?
    private let clock: any LoopClock
    private var limiter: FrameLimiter
    /// How long before a pending frame is due the loop hands the client what was posted so far.
    private let feedLead: Duration
    /// The pending frame's early hand-over is done (the loop sleeps until the frame is due).
    private var fedAhead = false
    private var dirty = true
    private var inputOpen: Bool
    /// Events handed over by the queue but not yet to the client (the work budget ran out):
    /// they go first, before anything posted since.
    private var backlog: [Client.Event] = []
    /// How long one iteration hands events to the client before it draws and polls again.
    private let workBudget: Duration
    /// How many events go to the client between two looks at the input.
    public static var sliceSize: Int { 16 }
    /// How many times poll returned (for tests and the idle-CPU measurement).
    public private(set) var wakeups = 0
    /// How many frames were drawn.
    public private(set) var frames = 0

    /// A loop reading `inputFD` (-1 for none) and drawing at most `framesPerSecond` frames.
    public convenience init(
        client: Client, queue: EventQueue<Client.Event>, inputFD: Int32 = 0,
        framesPerSecond: Int = UIOptions.default.frameCap,
        clock: any LoopClock = SystemLoopClock()
    ) {
        self.init(
            client: client, queue: queue, input: (inputFD, nil), framesPerSecond: framesPerSecond, clock: clock)
    }

    /// A loop taking its input from `reader` (whose chunks carry their arrival times).
    public convenience init(
        client: Client, queue: EventQueue<Client.Event>, reader: InputReader,
        framesPerSecond: Int = UIOptions.default.frameCap,
        clock: any LoopClock = SystemLoopClock()
    ) {
        self.init(
            client: client, queue: queue, input: (reader.wakeFD, reader), framesPerSecond: framesPerSecond,
            clock: clock)
    }

    private init(
        client: Client, queue: EventQueue<Client.Event>, input: (fd: Int32, reader: InputReader?),
        framesPerSecond: Int, clock: any LoopClock
    ) {
        self.client = client
        self.queue = queue
        self.inputFD = input.fd
        self.reader = input.reader
        self.inputOpen = input.fd >= 0
        self.clock = clock
        self.limiter = FrameLimiter(framesPerSecond: framesPerSecond)
        self.feedLead = limiter.interval / 4
        self.workBudget = limiter.interval / 2
    }

    /// Marks the screen dirty so the next iteration draws a frame.
    public func setNeedsDisplay() {
        dirty = true
    }

    /// Loops until the client is finished.
    public func run() {
        while !client.isFinished {
            runOnce()
        }
    }

    /// One iteration: wait, collect, handle, maybe draw.
    public func runOnce() {
        let timeout = backlog.isEmpty ? pollTimeout(now: clock.now()) : .zero
        queue.deferWakes(backlog.isEmpty && dirty && (timeout ?? .zero) > .zero && !client.awaitsEcho)
        let batch = waitAndCollect(timeout: timeout)
        let start = clock.now()
        if client.handle(batch, now: start) { dirty = true }
        let events = backlog + queue.drain()
        backlog.removeAll()
        handOver(events, since: start)
        let now = clock.now()
        if dirty, backlog.isEmpty, limiter.delay(now: now) <= feedLead { fedAhead = true }
        drawIfDue()
    }

    /// Gives `events` to the client a slice at a time, input first whenever some is waiting,
    /// until the work budget since `start` is spent; the rest becomes the backlog.
    private func handOver(_ events: [Client.Event], since start: Duration) {
        var rest = events[...]
        while !rest.isEmpty, !client.isFinished {
            let slice = Array(rest.prefix(Self.sliceSize))
            rest = rest.dropFirst(slice.count)
            let batch = LoopBatch<Client.Event>(input: [], inputClosed: false, signals: [], events: slice)
            if client.handle(batch, now: clock.now()) { dirty = true }
            guard !rest.isEmpty else { return }
            if let typed = pendingInput() {
                if client.handle(typed, now: clock.now()) { dirty = true }
                if client.frameAnswersInput { break }
            }
            if clock.now() - start >= workBudget { break }
        }
        backlog = Array(rest)
    }

    /// Input and signals waiting now, if any (a poll that does not block).
    private func pendingInput() -> LoopBatch<Client.Event>? {
        let batch = waitAndCollect(timeout: .zero, countWakeup: false)
        return batch.inputChunks.isEmpty && !batch.inputClosed && batch.signals.isEmpty ? nil : batch
    }

    /// How long poll may block: if dirty, until the pending frame's early hand-over (a quarter of
    /// an interval before it is due) or, once that is done, until the frame; else until the
    /// client's next deadline, or forever (nil) when idle.
    public func pollTimeout(now: Duration) -> Duration? {
        var timeout: Duration? = client.nextDeadline().map { $0 > now ? $0 - now : .zero }
        if dirty {
            var frameDelay = limiter.delay(now: now)
            if !fedAhead, frameDelay > feedLead { frameDelay -= feedLead }
            timeout = min(timeout ?? frameDelay, frameDelay)
        }
        return timeout
    }

    private func drawIfDue() {
        let now = clock.now()
        guard dirty, limiter.delay(now: now) == .zero || client.frameAnswersInput, !client.isFinished else { return }
        client.render(now: now)
        limiter.frameDrawn(at: now)
        frames += 1
        dirty = false
        fedAhead = false
    }

    private func waitAndCollect(timeout: Duration?, countWakeup: Bool = true) -> LoopBatch<Client.Event> {
        var batch = LoopBatch<Client.Event>(input: [], inputClosed: false, signals: [], events: [])
        var fds = [pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)]
        if inputOpen { fds.append(pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)) }
        // ppoll keeps the frame slot to the nanosecond: poll's whole milliseconds, rounded up so
        // as never to wake early, made every frame of a busy wall up to 1 ms late.
        let limit = Self.timespec(timeout)
        let result = csupport_poll_ns(&fds, nfds_t(fds.count), limit?.tv_sec ?? -1, limit?.tv_nsec ?? 0)
        if countWakeup { wakeups += 1 }
        guard result > 0 else { return batch }
        if fds[0].revents != 0 { batch.signals = pipe.drain().signals }
        if fds.count > 1, fds[1].revents != 0 { readInput(into: &batch) }
        return batch
    }

    private func readInput(into batch: inout LoopBatch<Client.Event>) {
        if let reader {
            let taken = reader.take()
            batch.inputChunks = taken.chunks
            if taken.closed {
                batch.inputClosed = true
                inputOpen = false
            }
            return
        }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
        if count > 0 {
            batch.inputChunks = [InputChunk(bytes: Array(buffer[0..<count]), at: clock.now())]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            batch.inputClosed = true
            inputOpen = false
        }
    }

    /// A ppoll(2) timeout (nil: none; negative durations are zero).
    public static func timespec(_ timeout: Duration?) -> timespec? {
        guard let timeout else { return nil }
        let (seconds, attoseconds) = timeout.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return Glibc.timespec(tv_sec: 0, tv_nsec: 0) }
        let nanoseconds = (attoseconds + 999_999_999) / 1_000_000_000
        if nanoseconds >= 1_000_000_000 { return Glibc.timespec(tv_sec: Int(seconds) + 1, tv_nsec: 0) }
        return Glibc.timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
    }
}
