import ClientCore
import Foundation
import Testing

@Suite struct AppQuitTests {
    @Test func qQuitsAtOnceWhenNothingIsAttached() {
        var state = AppWorld.state()
        #expect(state.press(.char("q")) == [.quit])
        #expect(state.isQuitting)
    }

    @Test func quitAsksFirstWhileAttached() {
        var state = AppWorld.state()
        _ = state.press(.enter, .char("x"))
        _ = state.press(.ctrl("]"))
        _ = state.press(.enter)
        _ = state.press(.ctrl("]"))
        #expect(state.press(.char("q")) == [.quit])
    }

    @Test func paletteQuitWhileAttachedConfirms() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        state.overlay = .palette("q")
        #expect(state.press(.enter).isEmpty)
        #expect(state.overlay == .confirmQuit)
        #expect(state.press(.char("n")).isEmpty)
        #expect(!state.isQuitting)
        state.overlay = .palette("q")
        _ = state.press(.enter)
        #expect(state.press(.char("y")) == [.quit])
    }
}
