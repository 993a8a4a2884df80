// The vocabulary of waiting detection (upstream §4.2): inputs from the three layers, the events the
// detector emits, and the timer actions its pure core asks a driver to perform.
import ClaudePMProtocol

/// One edge of a session's waiting state, as sent in `session:waiting`.
public struct WaitingEvent: Sendable, Equatable {
    /// The session whose state changed.
    public var sessionId: String
    /// True when the session now waits for the user.
    public var waiting: Bool
    /// Why (always set).
    public var reason: WaitingReason
    /// Which layer produced the signal (always set).
    public var detectedBy: DetectionLayer

    /// Creates an event.
    public init(sessionId: String, waiting: Bool, reason: WaitingReason, detectedBy: DetectionLayer) {
        self.sessionId = sessionId
        self.waiting = waiting
        self.reason = reason
        self.detectedBy = detectedBy
    }
}

/// A Claude Code hook event as it matters for waiting detection.
public enum HookSignal: Sendable, Equatable {
    /// `Stop`: Claude finished its turn → not waiting, reason `stopped`.
    case stop
    /// `Notification` with its `notification_type` (or legacy `matcher`) → waiting.
    case notification(type: String?)
    /// `UserPromptSubmit` (extension: the user answered → not waiting). Upstream ignores it.
    case userPromptSubmit
    /// `PreToolUse` (extension: Claude is working → not waiting). Upstream ignores it.
    case preToolUse
    /// Any other hook event; ignored.
    case other(String)

    /// Maps a hook payload's `hook_event_name` (or legacy `event`) and `notification_type` (or `matcher`).
    public init(eventName: String, notificationType: String?) {
        switch eventName {
        case "Stop": self = .stop
        case "Notification": self = .notification(type: notificationType)
        case "UserPromptSubmit": self = .userPromptSubmit
        case "PreToolUse": self = .preToolUse
        default: self = .other(eventName)
        }
    }
}

/// Transcript states of the (dormant upstream) JSONL layer.
public enum TranscriptState: Sendable, Equatable {
    case waitingApproval, contextExhausted, completed, active
}

/// What the detector's core is told.
public enum WaitingInput: Sendable, Equatable {
    /// Start tracking a session (only watched sessions produce events).
    case watch(sessionId: String)
    /// Stop tracking a session; its timers are cancelled and its state forgotten.
    case unwatch(sessionId: String)
    /// A hook event mapped to the session.
    case hook(sessionId: String, signal: HookSignal)
    /// A `session:output` snapshot of the session (all lines joined with `\n`).
    case output(sessionId: String, text: String)
    /// A transcript state from the JSONL layer.
    case transcript(sessionId: String, state: TranscriptState)
    /// A timer scheduled earlier fired.
    case timerFired(WaitingTimer)
}

/// A per-session timer of the detector.
public struct WaitingTimer: Sendable, Hashable {
    /// The kinds of timers.
    public enum Kind: Sendable, Hashable {
        /// The 500 ms debounce before a signal becomes the state.
        case debounce
        /// The 5 s idle check after a question pattern.
        case questionIdle
        /// The 2 s clear after output while waiting.
        case clear
    }

    /// The session the timer belongs to.
    public var sessionId: String
    /// Which timer.
    public var kind: Kind

    /// Creates a timer id.
    public init(sessionId: String, kind: Kind) {
        self.sessionId = sessionId
        self.kind = kind
    }
}

/// What the core asks its driver to do.
public enum WaitingAction: Sendable, Equatable {
    /// Publish this edge.
    case emit(WaitingEvent)
    /// (Re)arm `timer` to fire at `at` (a time on the same clock as the `now` given to the core);
    /// an earlier schedule of the same timer is replaced.
    case schedule(WaitingTimer, at: Duration)
    /// Disarm `timer` if armed.
    case cancel(WaitingTimer)
}

/// The delays of the detector; upstream's values by default.
public struct WaitingTimings: Sendable, Equatable {
    /// Debounce per session before a signal takes effect (500 ms).
    public var debounce: Duration
    /// Quiet time after a question pattern before it counts (5 s).
    public var questionIdle: Duration
    /// Delay of the clear scheduled by output while waiting (2 s).
    public var clear: Duration
    /// Debounce of what the screen itself shows (a permission prompt, the completion marker):
    /// the screen is pushed by tmux as it changes, so a short debounce absorbs a redraw in
    /// progress without delaying detection past 100 ms.
    public var screenDebounce: Duration

    /// Creates timings.
    public init(
        debounce: Duration = .milliseconds(500), questionIdle: Duration = .seconds(5), clear: Duration = .seconds(2),
        screenDebounce: Duration = .milliseconds(40)
    ) {
        self.debounce = debounce
        self.questionIdle = questionIdle
        self.clear = clear
        self.screenDebounce = min(screenDebounce, debounce)
    }
}
