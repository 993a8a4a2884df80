import ClientCore
import Foundation
import Testing

@Suite struct AppTriageTests {
    /// b waits on a question since t0-60, c on a permission prompt since t0-10, a on idle since t0-600.
    func waitingWorld() -> AppState {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.a, .idlePrompt, at: -600))
        _ = state.reduce(AppWorld.waits(AppWorld.b, .question, at: -60))
        _ = state.reduce(AppWorld.waits(AppWorld.c, .permissionPrompt, at: -10))
        _ = state.reduce(AppWorld.tick(0))
        return state
    }

    @Test func queueIsMostUrgentThenLongestWaiting() {
        var state = waitingWorld()
        #expect(state.triageQueue.map(\.key) == [AppWorld.c, AppWorld.b, AppWorld.a])
        _ = state.reduce(AppWorld.waits(AppWorld.done, .permissionPrompt, at: 5))
        #expect(state.triageQueue.count == 3, "completed sessions are not triaged")
    }

    @Test func triageJumpsIntoTheNextWaitingSessionAndReturns() {
        var state = waitingWorld()
        _ = state.press(.char("j"))
        #expect(state.selection == AppWorld.b)
        let first = state.press(.char("t"))
        #expect(state.page == .attached(AppWorld.c))
        #expect(first.contains(.attach(AppWorld.c, state.attachSize)))
        _ = state.press(.ctrl("]"))
        let second = state.press(.tab)
        #expect(state.page == .attached(AppWorld.b), "the next jump continues after the last one")
        #expect(second.contains(.attach(AppWorld.b, state.attachSize)))
        _ = state.press(.ctrl("]"))
        let back = state.press(.char("T"))
        #expect(state.page == .sessions)
        #expect(state.selection == AppWorld.b)
        #expect(state.triage.returnTo == nil)
        #expect(!back.contains { if case .attach = $0 { true } else { false } })
    }

    @Test func triageFromTheBoardReturnsToTheBoard() {
        var state = waitingWorld()
        _ = state.reduce(.projectsLoaded(server: "local", projects: [AppProject(server: "local", id: "p", name: "w")]))
        _ = state.press(.char("g"), .char("b"))
        _ = state.press(.char("t"))
        #expect(state.page == .attached(AppWorld.c))
        _ = state.press(.ctrl("]"))
        _ = state.press(.char("T"))
        #expect(state.page == .board)
    }

    @Test func snoozeSkipsASessionUntilItEnds() {
        var state = waitingWorld()
        state.selection = AppWorld.c
        _ = state.press(.char("s"))
        #expect(state.triageQueue.map(\.key) == [AppWorld.b, AppWorld.a])
        _ = state.press(.char("t"))
        #expect(state.page == .attached(AppWorld.b))
        #expect(state.triage.queue.nextWakeUp(now: state.clock) == .seconds(15 * 60))
        _ = state.reduce(AppWorld.tick(15 * 60))
        #expect(state.triageQueue.first?.key == AppWorld.c)
    }

    @Test func aNewWaitClearsTheSnooze() {
        var state = waitingWorld()
        state.selection = AppWorld.c
        _ = state.press(.char("s"))
        _ = state.reduce(AppWorld.stopsWaiting(AppWorld.c, at: 1))
        _ = state.reduce(AppWorld.waits(AppWorld.c, .permissionPrompt, at: 2))
        #expect(state.triageQueue.first?.key == AppWorld.c)
    }

    @Test func snoozingASessionThatIsNotWaitingSaysSo() {
        var state = AppWorld.state()
        _ = state.press(.char("s"))
        #expect(state.triage.queue.snoozed(now: state.clock).isEmpty)
        #expect(state.flash == "the selected session is not waiting")
    }

    @Test func nothingWaitingLeavesTheScreenAlone() {
        var state = AppWorld.state()
        #expect(state.press(.char("t")).isEmpty)
        #expect(state.page == .sessions)
        #expect(state.flash == "no session is waiting")
    }

    @Test func waitingRingsTheOuterTerminalOnlyWhenUnfocused() {
        var state = AppWorld.state()
        _ = state.reduce(.focusChanged(true))
        #expect(state.reduce(AppWorld.waits(AppWorld.a, .question)).isEmpty)
        _ = state.reduce(.focusChanged(false))
        let effects = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        #expect(
            effects == [
                .alertOuterTerminal(title: "claudepm", body: "Task session-2: permission prompt", desktop: false)
            ])
        state.ui.notifyMode = .osc
        state.alertWhenFocused = true
        _ = state.reduce(.focusChanged(true))
        let osc = state.reduce(AppWorld.waits(AppWorld.c, .question))
        #expect(osc == [.alertOuterTerminal(title: "claudepm", body: "Task session-3: question", desktop: true)])
    }
}

@Suite struct WaitingClockTests {
    @Test func relativeTimesChangeEverySecondThenEveryMinute() {
        let since = AppWorld.t0
        #expect(RelativeTime.nextChange(of: since, now: since.addingTimeInterval(0.4)) == since.addingTimeInterval(1))
        #expect(RelativeTime.nextChange(of: since, now: since.addingTimeInterval(59.5)) == since.addingTimeInterval(60))
        #expect(RelativeTime.nextChange(of: since, now: since.addingTimeInterval(61)) == since.addingTimeInterval(120))
        #expect(
            RelativeTime.nextChange(of: since, now: since.addingTimeInterval(3700)) == since.addingTimeInterval(7200))
        for age in stride(from: 0.0, to: 4000, by: 7.3) {
            let now = since.addingTimeInterval(age)
            let next = RelativeTime.nextChange(of: since, now: now)
            let before = RelativeTime.short(next.addingTimeInterval(-0.001).timeIntervalSince(since))
            #expect(RelativeTime.short(now.timeIntervalSince(since)) == before, "no change before \(next)")
            #expect(RelativeTime.short(next.timeIntervalSince(since)) != before, "a change at \(next)")
        }
    }

    @Test func theScreenNeedsTheClockOnlyWhenAWaitingTimeChanges() {
        var state = AppWorld.state()
        #expect(state.nextWaitingTextChange == nil)
        _ = state.reduce(AppWorld.waits(AppWorld.a, .question, at: -600))
        _ = state.reduce(AppWorld.waits(AppWorld.b, .question, at: -90))
        #expect(state.nextWaitingTextChange == AppWorld.t0.addingTimeInterval(30), "b turns 2m")
        _ = state.reduce(AppWorld.waits(AppWorld.c, .question, at: -2.5))
        #expect(state.nextWaitingTextChange == AppWorld.t0.addingTimeInterval(0.5), "c counts seconds")
    }
}
