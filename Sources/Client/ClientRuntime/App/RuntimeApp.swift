// RuntimeApp: the application the UI loop drives. It owns the app state, every session's
// TerminalScreen (libvterm) and the renderer (ncurses through CursesSurface) — all on the loop
// thread, never shared. Each wake-up it turns signals, input bytes and posted events into
// `reduce` calls, carries out the effects, and says whether a frame is due.
import ClientCore
import Foundation
import TUI
import TerminalScreen

#if canImport(Glibc)
    import Glibc
#endif

/// What the app needs from the outer terminal besides drawing.
protocol OuterTerminal: AnyObject {
    /// The terminal's current size.
    func currentSize() -> GridSize
    /// Adapts the drawing layer to a new size (resizeterm).
    func resize(to size: GridSize)
    /// Writes bytes (alerts) straight to the terminal, after the frame.
    func writeOuter(_ bytes: [UInt8])
    /// Gives the terminal back, stops the process until it is continued, then takes the
    /// terminal again (the next frame repaints everything).
    func suspend()
}

/// The client application on the loop thread.
final class RuntimeApp: UILoopClient {
    typealias Event = RuntimeEvent

    private(set) var state: AppState
    let renderer: Renderer
    let terminal: any OuterTerminal
    let network: any RuntimeBackend
    var screens: [SessionKey: TerminalScreen] = [:]
    var channels: [SessionKey: (channel: any TerminalChannel, generation: Int, readOnly: Bool)] = [:]
    var nextGeneration = 0
    /// Sessions whose open stream is a pane stream (the server sent a snapshot): their size is
    /// the pane's, set by snapshots, and tmux answers their terminal queries.
    var paneStreams: Set<SessionKey> = []
    /// The latest `session:output` picture of each session of a server without pane streams
    /// (`RuntimeApp+Pictures`).
    var pictures: [SessionKey: SessionPicture] = [:]
    /// Bytes and frames each open stream delivered (for `:stats`).
    var streamCounters: [SessionKey: StreamCounters] = [:]
    var keyDecoder = TimedKeyDecoder()
    var lastTick: Duration = .zero
    var pendingAlerts: [[UInt8]] = []
    var stopRequested = false
    /// The terminating signal that ended the loop, if any.
    var exitSignal: Int32?
    let insideTmux: Bool
    /// Which output answers input and is drawn at once, outside the frame cap (a key's echo; an
    /// attach's snapshot and repaint, which in the frame slot after the attach page's own frame
    /// came up to 16.7 ms late).
    var answerFrames = AnswerFrames()
    /// A key changed what is shown (another page or overlay, the selection, a filter, a scroll)
    /// since the last frame: draw it at once instead of in the next frame slot.
    var keyChangedView = false
    /// The predictive echo of the interactively attached session, if any.
    var echo: (key: SessionKey, predictor: EchoPredictor)?
    /// The loop time of the batch being handled.
    var inputTime: Duration = .zero
    /// The search across every session's scrollback (the find overlay).
    let finder = ScrollbackFinder()
    /// When the find overlay's query last ran.
    var findRun: FindRun?

    /// An app for `state`, drawing with `renderer` on `terminal`.
    init(
        state: AppState, renderer: Renderer, terminal: any OuterTerminal, network: any RuntimeBackend, insideTmux: Bool
    ) {
        self.state = state
        self.renderer = renderer
        self.terminal = terminal
        self.network = network
        self.insideTmux = insideTmux
    }

    var isFinished: Bool { stopRequested }

    var awaitsEcho: Bool { answerFrames.awaitsAnswer }

    var frameAnswersInput: Bool { answerFrames.isDue || keyChangedView }

    func handle(_ batch: LoopBatch<RuntimeEvent>, now: Duration) -> Bool {
        // A termination signal ends the loop before anything else in the batch is handled: under
        // a flood of events that could take longer than the signal may wait.
        if let signal = batch.signals.first(where: { $0 != SIGWINCH && $0 != SIGTSTP && $0 != SIGCONT }) {
            exitSignal = signal
            stopRequested = true
            return false
        }
        var before = state
        var dirty = false
        inputTime = now
        answerFrames.expire(now: now)
        // Keys and server facts get a tick first, so the model's clock is current when they start
        // a banner or a timer. Only a periodic tick may redraw by itself: a key's tick changes
        // nothing visible, and a frame drawn for it would make the key's echo wait for the next
        // frame slot.
        let periodic = now - lastTick >= .seconds(1) || timerDue(now) || ageTextDeadline.map({ $0 <= now }) == true
        if periodic || !batch.inputChunks.isEmpty || batch.events.contains(where: \.isApp) {
            lastTick = now
            dispatch(.tick(Date(), Self.monotonic(now)))
            if !periodic {
                before.now = state.now
                before.clock = state.clock
            }
        }
        if batch.signals.contains(SIGTSTP) {
            suspend()
            dirty = true
        } else if batch.signals.contains(SIGCONT) {
            // Stopped by something else (SIGSTOP) and continued: repaint and look again.
            resumed()
            dirty = true
        }
        if batch.signals.contains(SIGWINCH) { dirty = handleResize() || dirty }
        if batch.inputClosed { stopRequested = true }
        if handleKeys(batch.inputChunks, now: now), state != before { keyChangedView = true }
        for event in RuntimeEvent.mergingBytes(batch.events) { dirty = handle(event) || dirty }
        dirty = expirePredictions(now: now) || dirty
        dirty = refreshFind(now: now) || dirty
        if state.isQuitting { stopRequested = true }
        return dirty || answerFrames.isDue || state != before
    }

    func render(now: Duration) {
        answerFrames.frameDrawn()
        keyChangedView = false
        if let entry = echo, !entry.predictor.glyphs.isEmpty {
            renderer.predictedEcho = (key: entry.key, glyphs: entry.predictor.glyphs)
        } else {
            renderer.predictedEcho = nil
        }
        renderer.render(state: state, screens: screens)
        for alert in pendingAlerts { terminal.writeOuter(alert) }
        pendingAlerts.removeAll()
    }

    func nextDeadline() -> Duration? {
        var deadlines = [keyDecoder.escapeDeadline, state.nextTimer.map { .nanoseconds($0.nanoseconds) }]
        deadlines.append(ageTextDeadline)
        deadlines.append(
            state.nextLinkTextChange.map { lastTick + .seconds(max($0.timeIntervalSince(state.now), 0) + 0.005) })
        deadlines.append(echo?.predictor.nextDeadline.map { .nanoseconds($0.nanoseconds) })
        deadlines.append(findDeadline)
        return deadlines.compactMap { $0 }.min()
    }

    /// When a waiting time or a tile picture's age on screen reads differently (every second in
    /// its first minute, then every minute…); a little late rather than early, so the redraw
    /// shows the new text.
    private var ageTextDeadline: Duration? {
        let next = [state.nextWaitingTextChange, state.nextPictureTextChange].compactMap { $0 }.min()
        return next.map { lastTick + .seconds(max($0.timeIntervalSince(state.now), 0) + 0.005) }
    }

    /// The loop's clock (CLOCK_MONOTONIC as a duration) as the model's monotonic time.
    static func monotonic(_ now: Duration) -> MonotonicTime {
        MonotonicTime(nanoseconds: now.nanosecondsClamped)
    }

    /// True when a timer of the model (banner expiry, queued banner, snooze end) is due.
    private func timerDue(_ now: Duration) -> Bool {
        state.nextTimer.map { $0 <= Self.monotonic(now) } ?? false
    }

    /// Runs `event` through `reduce` and carries out the effects.
    func dispatch(_ event: AppEvent) {
        for effect in state.reduce(event) { perform(effect) }
    }

    private func handle(_ event: RuntimeEvent) -> Bool {
        switch event {
        case .app(let appEvent):
            dispatch(appEvent)
            return false
        case .terminal(let key, let generation, let output):
            // The one generation guard: outputs of a stream the loop already replaced are dropped.
            guard channels[key]?.generation == generation else { return false }
            return handleTerminal(output, key: key)
        case .picture(let key, let lines):
            return handlePicture(key, lines: lines)
        }
    }

    /// Sends what libvterm answered to queries (cursor position, device attributes) back to an
    /// interactive session; read-only tiles cannot answer, and on a pane stream tmux (the
    /// pane's own terminal) has answered already.
    func answerTerminalQueries(_ key: SessionKey, screen: TerminalScreen) {
        let reply = screen.takeOutput()
        guard !reply.isEmpty, !paneStreams.contains(key), let entry = channels[key], !entry.readOnly else { return }
        entry.channel.input(String(decoding: reply, as: UTF8.self))
    }

    func handleResize() -> Bool {
        let size = terminal.currentSize()
        terminal.resize(to: size)
        renderer.invalidate()
        dispatch(.resized(size))
        return true
    }
}
