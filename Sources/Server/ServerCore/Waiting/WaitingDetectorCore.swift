// The pure state machine of waiting detection (upstream §4.2). It takes inputs and the current time
// and returns actions (emit, schedule, cancel); a driver (`WaitingDetector`) owns real timers.
//
// Per watched session: signals from any layer are debounced (the last one within the debounce
// wins) and an event is emitted only when the boolean `waiting` changes. The output layer adds a
// question idle check and, while waiting, a clear after output.
import ClaudePMProtocol

/// Waiting detection without I/O or clocks.
public struct WaitingDetectorCore: Sendable {
    private struct Signal: Equatable {
        var waiting: Bool
        var reason: WaitingReason
        var layer: DetectionLayer
    }

    private struct SessionState {
        var waiting = false
        var pending: Signal?
    }

    /// The delays in use.
    public let timings: WaitingTimings
    private var sessions: [String: SessionState] = [:]

    /// Creates a core with `timings` (upstream's by default).
    public init(timings: WaitingTimings = WaitingTimings()) {
        self.timings = timings
    }

    /// The sessions being tracked.
    public var watchedSessions: Set<String> { Set(sessions.keys) }

    /// The last emitted state of a session (false if never emitted or not watched).
    public func isWaiting(_ sessionId: String) -> Bool { sessions[sessionId]?.waiting ?? false }

    /// Handles one input at time `now` and returns what to do.
    public mutating func handle(_ input: WaitingInput, now: Duration) -> [WaitingAction] {
        switch input {
        case .watch(let sessionId):
            if sessions[sessionId] == nil { sessions[sessionId] = SessionState() }
            return []
        case .unwatch(let sessionId):
            guard sessions.removeValue(forKey: sessionId) != nil else { return [] }
            return [.debounce, .questionIdle, .clear].map { .cancel(WaitingTimer(sessionId: sessionId, kind: $0)) }
        case .hook(let sessionId, let hook):
            guard let signal = Self.signal(for: hook) else { return [] }
            return self.signal(signal, sessionId: sessionId, now: now)
        case .transcript(let sessionId, let state):
            return signal(Self.signal(for: state), sessionId: sessionId, now: now)
        case .output(let sessionId, let text):
            return output(text, sessionId: sessionId, now: now)
        case .timerFired(let timer):
            return fired(timer, now: now)
        }
    }

    private mutating func output(_ text: String, sessionId: String, now: Duration) -> [WaitingAction] {
        guard let state = sessions[sessionId] else { return [] }
        let idle = WaitingTimer(sessionId: sessionId, kind: .questionIdle)
        // Any newer output voids a pending question check.
        var actions: [WaitingAction] = [.cancel(idle)]
        if state.waiting {
            actions.append(.schedule(WaitingTimer(sessionId: sessionId, kind: .clear), at: now + timings.clear))
        }
        switch OutputPatterns.classify(text) {
        case .completion:
            actions += signal(
                Signal(waiting: false, reason: .stopped, layer: .outputPattern), sessionId: sessionId, now: now,
                debounce: timings.screenDebounce)
        case .immediate:
            actions += signal(
                Signal(waiting: true, reason: .permissionPrompt, layer: .outputPattern), sessionId: sessionId, now: now,
                debounce: timings.screenDebounce)
        case .question:
            actions.append(.schedule(idle, at: now + timings.questionIdle))
        case .none:
            break
        }
        return actions
    }

    private mutating func fired(_ timer: WaitingTimer, now: Duration) -> [WaitingAction] {
        guard var state = sessions[timer.sessionId] else { return [] }
        switch timer.kind {
        case .questionIdle:
            return signal(
                Signal(waiting: true, reason: .question, layer: .outputPattern), sessionId: timer.sessionId, now: now)
        case .clear:
            return signal(
                Signal(waiting: false, reason: .unknown, layer: .outputPattern), sessionId: timer.sessionId, now: now)
        case .debounce:
            guard let pending = state.pending else { return [] }
            state.pending = nil
            defer { sessions[timer.sessionId] = state }
            guard pending.waiting != state.waiting else { return [] }
            state.waiting = pending.waiting
            let event = WaitingEvent(
                sessionId: timer.sessionId, waiting: pending.waiting, reason: pending.reason, detectedBy: pending.layer)
            var actions: [WaitingAction] = [.emit(event)]
            if !pending.waiting { actions.append(.cancel(WaitingTimer(sessionId: timer.sessionId, kind: .clear))) }
            return actions
        }
    }

    /// Records a signal as the session's pending one and (re)arms the debounce.
    private mutating func signal(
        _ signal: Signal, sessionId: String, now: Duration, debounce: Duration? = nil
    ) -> [WaitingAction] {
        guard sessions[sessionId] != nil else { return [] }
        sessions[sessionId]?.pending = signal
        var actions: [WaitingAction] = []
        if signal.waiting { actions.append(.cancel(WaitingTimer(sessionId: sessionId, kind: .clear))) }
        let delay = debounce ?? timings.debounce
        actions.append(.schedule(WaitingTimer(sessionId: sessionId, kind: .debounce), at: now + delay))
        return actions
    }

    private static func signal(for hook: HookSignal) -> Signal? {
        switch hook {
        case .stop: return Signal(waiting: false, reason: .stopped, layer: .hook)
        case .notification(let type):
            let reason: WaitingReason =
                if type?.contains("permission_prompt") == true {
                    .permissionPrompt
                } else if type?.contains("idle_prompt") == true {
                    .idlePrompt
                } else {
                    .unknown
                }
            return Signal(waiting: true, reason: reason, layer: .hook)
        case .userPromptSubmit, .preToolUse: return Signal(waiting: false, reason: .unknown, layer: .hook)
        case .other: return nil
        }
    }

    private static func signal(for state: TranscriptState) -> Signal {
        switch state {
        case .waitingApproval: Signal(waiting: true, reason: .permissionPrompt, layer: .jsonl)
        case .contextExhausted: Signal(waiting: true, reason: .contextExhausted, layer: .jsonl)
        case .completed: Signal(waiting: false, reason: .stopped, layer: .jsonl)
        case .active: Signal(waiting: false, reason: .unknown, layer: .jsonl)
        }
    }
}
