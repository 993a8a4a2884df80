// WaitingDetectorCore with a fake clock: a harness arms timers as the core asks and fires them in
// time order, so every scenario runs instantly and deterministically.
import ClaudePMProtocol
import Testing

@testable import ServerCore

/// Drives the pure core like `WaitingDetector` does, with simulated time.
struct CoreHarness {
    var core = WaitingDetectorCore()
    var now: Duration = .zero
    var armed: [WaitingTimer: Duration] = [:]
    var events: [WaitingEvent] = []
    var lastActions: [WaitingAction] = []

    init(watching sessions: [String] = ["s1"]) {
        for session in sessions { send(.watch(sessionId: session)) }
    }

    mutating func send(_ input: WaitingInput) {
        lastActions = core.handle(input, now: now)
        for action in lastActions {
            switch action {
            case .emit(let event): events.append(event)
            case .schedule(let timer, let at): armed[timer] = at
            case .cancel(let timer): armed[timer] = nil
            }
        }
    }

    /// Advances time by `duration`, firing due timers in order.
    mutating func advance(_ duration: Duration) {
        let target = now + duration
        while let (timer, at) = armed.filter({ $0.value <= target }).min(by: { $0.value < $1.value }) {
            now = at
            armed[timer] = nil
            send(.timerFired(timer))
        }
        now = target
    }

    mutating func output(_ text: String, _ session: String = "s1") { send(.output(sessionId: session, text: text)) }
    mutating func hook(_ signal: HookSignal, _ session: String = "s1") {
        send(.hook(sessionId: session, signal: signal))
    }
}

func event(_ waiting: Bool, _ reason: WaitingReason, _ layer: DetectionLayer, _ session: String = "s1") -> WaitingEvent
{
    WaitingEvent(sessionId: session, waiting: waiting, reason: reason, detectedBy: layer)
}

@Suite struct WaitingDetectorCoreTests {
    @Test func permissionNotificationEmitsAfterTheDebounce() {
        var harness = CoreHarness()
        harness.hook(.notification(type: "permission_prompt"))
        #expect(
            harness.lastActions.contains(
                .schedule(WaitingTimer(sessionId: "s1", kind: .debounce), at: .milliseconds(500))))
        harness.advance(.milliseconds(499))
        #expect(harness.events.isEmpty)
        harness.advance(.milliseconds(1))
        #expect(harness.events == [event(true, .permissionPrompt, .hook)])
        #expect(harness.core.isWaiting("s1"))
    }

    @Test func notificationReasonsFollowTheType() {
        for (type, reason) in [
            ("permission_prompt", WaitingReason.permissionPrompt), ("idle_prompt", .idlePrompt), ("other", .unknown),
        ] {
            var harness = CoreHarness()
            harness.hook(.notification(type: type))
            harness.advance(.seconds(1))
            #expect(harness.events == [event(true, reason, .hook)])
        }
        var harness = CoreHarness()
        harness.hook(.notification(type: nil))
        harness.advance(.seconds(1))
        #expect(harness.events == [event(true, .unknown, .hook)])
    }

    @Test func lastSignalWithinTheDebounceWins() {
        var harness = CoreHarness()
        harness.hook(.notification(type: "permission_prompt"))
        harness.advance(.milliseconds(300))
        harness.hook(.stop)
        harness.advance(.milliseconds(300))
        #expect(harness.events.isEmpty)  // the debounce restarted at 300 ms
        harness.advance(.seconds(1))
        #expect(harness.events.isEmpty)  // Stop won and the state was already false: no edge
    }

    @Test func eventsAreEdgeTriggered() {
        var harness = CoreHarness()
        harness.hook(.notification(type: "permission_prompt"))
        harness.advance(.seconds(1))
        harness.hook(.notification(type: "idle_prompt"))
        harness.advance(.seconds(1))
        #expect(harness.events.count == 1)
        harness.hook(.stop)
        harness.advance(.seconds(1))
        harness.hook(.stop)
        harness.advance(.seconds(1))
        #expect(harness.events == [event(true, .permissionPrompt, .hook), event(false, .stopped, .hook)])
    }

    @Test func immediatePatternsAreCaseInsensitiveAnywhereOnScreen() {
        for text in ["x\nDO YOU WANT TO PROCEED?\n1. Yes", "  ╭──────╮", "allow this action?", "Approve tool use?"] {
            var harness = CoreHarness()
            harness.output(text)
            harness.advance(.milliseconds(500))
            #expect(harness.events == [event(true, .permissionPrompt, .outputPattern)], "\(text)")
        }
    }

    @Test func completionBeatsImmediate() {
        var harness = CoreHarness()
        harness.output("Do you want to proceed?")
        harness.advance(.seconds(1))
        harness.output("Do you want to proceed?\n---task_complete---")
        harness.advance(.milliseconds(500))
        #expect(harness.events.last == event(false, .stopped, .outputPattern))
        #expect(OutputPatterns.classify("╭─ box\n---TASK_COMPLETE---") == .completion)
    }

    @Test func questionCountsOnlyAfterFiveQuietSeconds() {
        var harness = CoreHarness()
        harness.output("Which file should change?   ")
        harness.advance(.milliseconds(4_999))
        #expect(harness.events.isEmpty)
        harness.advance(.milliseconds(1))
        #expect(harness.events.isEmpty)  // the question signal is debounced too
        harness.advance(.milliseconds(500))
        #expect(harness.events == [event(true, .question, .outputPattern)])
    }

    @Test func newerOutputCancelsTheQuestionCheck() {
        var harness = CoreHarness()
        harness.output("Should I continue")
        harness.advance(.seconds(3))
        harness.output("Reading files…")
        #expect(harness.lastActions.contains(.cancel(WaitingTimer(sessionId: "s1", kind: .questionIdle))))
        harness.advance(.seconds(10))
        #expect(harness.events.isEmpty)
    }

    @Test func questionPhrasesAndLinesEndingInAQuestionMark() {
        for phrase in OutputPatterns.questionPhrases {
            #expect(OutputPatterns.classify("bla \(phrase.uppercased()) bla") == .question)
        }
        #expect(OutputPatterns.classify("line one\nready?\t\nline three") == .question)
        #expect(OutputPatterns.classify("what? no, this is fine.") == .none)
        #expect(OutputPatterns.classify("") == .none)
    }

    @Test func outputWhileWaitingClearsAfterTwoSeconds() {
        var harness = CoreHarness()
        harness.hook(.notification(type: "permission_prompt"))
        harness.advance(.seconds(1))
        harness.output("Running tests…")
        #expect(harness.lastActions.contains(.schedule(WaitingTimer(sessionId: "s1", kind: .clear), at: .seconds(3))))
        harness.advance(.milliseconds(2_400))
        #expect(harness.events.count == 1)
        harness.advance(.milliseconds(100))
        #expect(harness.events.last == event(false, .unknown, .outputPattern))
        #expect(!harness.core.isWaiting("s1"))
    }

    @Test func outputWhileNotWaitingSchedulesNoClear() {
        var harness = CoreHarness()
        harness.output("Running tests…")
        #expect(
            !harness.lastActions.contains {
                if case .schedule(let timer, _) = $0 { timer.kind == .clear } else { false }
            })
    }

    @Test func newerWaitingSignalCancelsThePendingClear() {
        var harness = CoreHarness()
        harness.hook(.notification(type: "permission_prompt"))
        harness.advance(.seconds(1))
        harness.output("some output")
        harness.advance(.seconds(1))
        harness.hook(.notification(type: "permission_prompt"))
        #expect(harness.lastActions.contains(.cancel(WaitingTimer(sessionId: "s1", kind: .clear))))
        harness.advance(.seconds(10))
        #expect(harness.events == [event(true, .permissionPrompt, .hook)])
    }

    @Test func promptStillOnScreenKeepsWaiting() {
        var harness = CoreHarness()
        harness.output("Do you want to proceed?")
        harness.advance(.seconds(1))
        for _ in 0..<5 {
            harness.output("Do you want to proceed?\n❯ 1. Yes")
            harness.advance(.seconds(1))
        }
        #expect(harness.events == [event(true, .permissionPrompt, .outputPattern)])
    }

    @Test func extensionHooksMeanNotWaiting() {
        for signal in [HookSignal.userPromptSubmit, .preToolUse] {
            var harness = CoreHarness()
            harness.hook(.notification(type: "permission_prompt"))
            harness.advance(.seconds(1))
            harness.hook(signal)
            harness.advance(.seconds(1))
            #expect(harness.events.last == event(false, .unknown, .hook))
        }
        var harness = CoreHarness()
        harness.hook(.other("SessionStart"))
        #expect(harness.lastActions.isEmpty)
    }

    @Test func hookSignalMapping() {
        #expect(HookSignal(eventName: "Stop", notificationType: nil) == .stop)
        #expect(
            HookSignal(eventName: "Notification", notificationType: "idle_prompt") == .notification(type: "idle_prompt")
        )
        #expect(HookSignal(eventName: "UserPromptSubmit", notificationType: nil) == .userPromptSubmit)
        #expect(HookSignal(eventName: "PreToolUse", notificationType: nil) == .preToolUse)
        #expect(HookSignal(eventName: "PostToolUse", notificationType: nil) == .other("PostToolUse"))
    }

    @Test func transcriptLayerMapping() {
        var harness = CoreHarness()
        harness.send(.transcript(sessionId: "s1", state: .contextExhausted))
        harness.advance(.seconds(1))
        harness.send(.transcript(sessionId: "s1", state: .completed))
        harness.advance(.seconds(1))
        harness.send(.transcript(sessionId: "s1", state: .waitingApproval))
        harness.advance(.seconds(1))
        harness.send(.transcript(sessionId: "s1", state: .active))
        harness.advance(.seconds(1))
        #expect(
            harness.events == [
                event(true, .contextExhausted, .jsonl), event(false, .stopped, .jsonl),
                event(true, .permissionPrompt, .jsonl), event(false, .unknown, .jsonl),
            ])
    }

    @Test func sessionsAreIndependentAndOnlyWatchedOnesCount() {
        var harness = CoreHarness(watching: ["a", "b"])
        harness.hook(.notification(type: "permission_prompt"), "a")
        harness.advance(.milliseconds(300))
        harness.hook(.stop, "b")
        harness.output("Do you want to proceed?", "ghost")
        #expect(harness.lastActions.isEmpty)
        harness.advance(.seconds(1))
        #expect(harness.events == [event(true, .permissionPrompt, .hook, "a")])
        #expect(harness.core.watchedSessions == ["a", "b"])
    }

    @Test func unwatchCancelsEverything() {
        var harness = CoreHarness()
        harness.hook(.notification(type: "permission_prompt"))
        harness.send(.unwatch(sessionId: "s1"))
        #expect(harness.armed.isEmpty)
        harness.send(.timerFired(WaitingTimer(sessionId: "s1", kind: .debounce)))
        #expect(harness.events.isEmpty && harness.lastActions.isEmpty)
        #expect(!harness.core.isWaiting("s1"))
    }
}
