// Alerts when the outer terminal never reports focus (tmux's default `focus-events off`): focus is
// unknown, so the client counts as unfocused for every session but the one in view.

import ClientCore
import Foundation
import Testing

@Suite struct AppFocusAlertTests {
    private static let bell = AppEffect.alertOuterTerminal(
        title: "claudepm", body: "Task session-2: permission prompt", desktop: false)

    @Test func unknownFocusAlertsForASessionThatIsNotInView() {
        var state = AppWorld.state()
        #expect(!state.focusReported)
        #expect(state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt)) == [Self.bell])
    }

    @Test func unknownFocusNeverAlertsForTheAttachedSession() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        #expect(state.page == .attached(AppWorld.a))
        let effects = state.reduce(AppWorld.waits(AppWorld.a, .question))
        #expect(!effects.contains { if case .alertOuterTerminal = $0 { true } else { false } })
        #expect(state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt)) == [Self.bell])
    }

    @Test func aFocusReportMakesFocusKnown() {
        var state = AppWorld.state()
        _ = state.press(.focus(true))
        #expect(state.focusReported)
        #expect(state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt)).isEmpty)
        _ = state.press(.focus(false))
        #expect(state.reduce(AppWorld.waits(AppWorld.c, .question)).count == 1)
    }
}
