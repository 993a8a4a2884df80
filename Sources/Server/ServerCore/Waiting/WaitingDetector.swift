// Drives WaitingDetectorCore with real timers (tasks sleeping on a ContinuousClock) and publishes
// its edges as an AsyncStream. All detector state lives in the pure core.
import ClaudePMProtocol

/// Waiting detection for a server: feed hooks and output snapshots, read `events`.
public actor WaitingDetector {
    /// Edges of watched sessions' waiting state, in order. Unbounded: events are rare and tiny.
    public nonisolated let events: AsyncStream<WaitingEvent>
    private let continuation: AsyncStream<WaitingEvent>.Continuation
    private var core: WaitingDetectorCore
    private var timers: [WaitingTimer: Task<Void, Never>] = [:]
    private var generations: [WaitingTimer: Int] = [:]
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// Creates a detector with `timings` (upstream's by default).
    public init(timings: WaitingTimings = WaitingTimings()) {
        (events, continuation) = AsyncStream.makeStream()
        core = WaitingDetectorCore(timings: timings)
        start = clock.now
    }

    deinit {
        for task in timers.values { task.cancel() }
        continuation.finish()
    }

    /// Starts tracking a session.
    public func watch(_ sessionId: String) { apply(.watch(sessionId: sessionId)) }

    /// Stops tracking a session.
    public func unwatch(_ sessionId: String) { apply(.unwatch(sessionId: sessionId)) }

    /// A Claude Code hook event for a session (already mapped to it).
    public func hook(_ sessionId: String, _ signal: HookSignal) { apply(.hook(sessionId: sessionId, signal: signal)) }

    /// A screen snapshot of a session (lines joined with `\n`).
    public func output(_ sessionId: String, text: String) { apply(.output(sessionId: sessionId, text: text)) }

    /// A transcript state from the JSONL layer.
    public func transcript(_ sessionId: String, _ state: TranscriptState) {
        apply(.transcript(sessionId: sessionId, state: state))
    }

    /// The last emitted waiting state of a session.
    public func isWaiting(_ sessionId: String) -> Bool { core.isWaiting(sessionId) }

    /// The sessions being tracked.
    public var watchedSessions: Set<String> { core.watchedSessions }

    /// Whether a timer of `kind` is armed for `sessionId`: a `clear` is armed from the output
    /// that will end a wait until the wait ends (or the output is undone by a new signal).
    public func isArmed(_ kind: WaitingTimer.Kind, for sessionId: String) -> Bool {
        timers[WaitingTimer(sessionId: sessionId, kind: kind)] != nil
    }

    private func apply(_ input: WaitingInput) {
        let now = clock.now - start
        for action in core.handle(input, now: now) { perform(action, now: now) }
    }

    private func perform(_ action: WaitingAction, now: Duration) {
        switch action {
        case .emit(let event):
            continuation.yield(event)
        case .cancel(let timer):
            timers.removeValue(forKey: timer)?.cancel()
            generations[timer, default: 0] += 1
        case .schedule(let timer, let at):
            timers.removeValue(forKey: timer)?.cancel()
            let generation = generations[timer, default: 0] + 1
            generations[timer] = generation
            let delay = max(.zero, at - now)
            timers[timer] = Task { [weak self] in
                try? await Task.sleep(for: delay)
                guard !Task.isCancelled else { return }
                await self?.fire(timer, generation: generation)
            }
        }
    }

    private func fire(_ timer: WaitingTimer, generation: Int) {
        // A timer cancelled or re-armed after its task woke must not fire.
        guard generations[timer] == generation else { return }
        timers[timer] = nil
        apply(.timerFired(timer))
    }
}
